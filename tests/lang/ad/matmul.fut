-- Reverse AD of matrix multiplication built from nested maps: the gradient of sum(A·B) w.r.t. A is ones·Bᵀ.
-- ==
-- input { [[1.0, 2.0], [3.0, 4.0]] [[5.0, 6.0], [7.0, 8.0]] }
-- output { [[11.0, 15.0], [11.0, 15.0]] [[4.0, 4.0], [6.0, 6.0]] }

def matmul [n] [m] [p] (a: [n][m]f64) (b: [m][p]f64) : [n][p]f64 =
  map (\row -> map (\col -> f64.sum (map2 (*) row col)) (transpose b)) a

def main [n] (a: [n][n]f64) (b: [n][n]f64) : ([n][n]f64, [n][n]f64) =
  vjp (\(a, b) -> f64.sum (map f64.sum (matmul a b))) (a, b) 1
