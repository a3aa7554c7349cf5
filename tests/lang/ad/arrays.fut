-- AD on array arguments: gradients of reductions, elementwise maps, matrix-vector products and matrices.
-- ==
-- entry: grad_sumsq
-- input { [1.0, 2.0, 3.0] } output { [2.0, 4.0, 6.0] }
-- input { empty([0]f64) } output { empty([0]f64) }

def sumsq [n] (xs: [n]f64) : f64 = f64.sum (map (\x -> x * x) xs)

entry grad_sumsq [n] (xs: [n]f64) : [n]f64 = vjp sumsq xs 1

-- ==
-- entry: jvp_sumsq
-- input { [1.0, 2.0, 3.0] [1.0, 0.0, 1.0] } output { 8.0 }

entry jvp_sumsq [n] (xs: [n]f64) (dxs: [n]f64) : f64 = jvp sumsq xs dxs

-- ==
-- entry: jvp_map
-- input { [0.0, 1.0] [2.0, 3.0] } output { [2.0, 1.6209069176044193] }
-- input { [0.0, 1.0] [2.0, 3.0, 4.0] } error: .

entry jvp_map [n] (xs: [n]f64) (dxs: []f64) : [n]f64 = jvp (map f64.sin) xs (dxs :> [n]f64)

-- ==
-- entry: vjp_dot
-- input { [1.0, 2.0] [3.0, 4.0] } output { [3.0, 4.0] [1.0, 2.0] }

entry vjp_dot [n] (a: [n]f64) (b: [n]f64) : ([n]f64, [n]f64) =
  vjp (\(u, v) -> f64.sum (map2 (*) u v)) (a, b) 1

-- ==
-- entry: vjp_matvec
-- input { [[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]] [1.0, -1.0] [1.0, 1.0, 1.0] } output { [9.0, 12.0] }

def matvec [n] [m] (a: [n][m]f64) (x: [m]f64) : [n]f64 = map (\row -> f64.sum (map2 (*) row x)) a

entry vjp_matvec [n] [m] (a: [n][m]f64) (x: [m]f64) (dy: [n]f64) : [m]f64 = vjp (matvec a) x dy

-- ==
-- entry: grad_matrix
-- input { [[1.0, 2.0], [3.0, 4.0]] } output { [[2.0, 6.0], [4.0, 8.0]] }

entry grad_matrix [n] (m: [n][n]f64) : [n][n]f64 =
  vjp (\a -> f64.sum (map2 (\r c -> f64.sum (map2 (*) r c)) a (transpose a))) m 1
