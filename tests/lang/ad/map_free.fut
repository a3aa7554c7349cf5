-- Reverse AD of map whose lambda reads a free scalar and a free array at computed indices.
-- ==
-- input { [1.0, 2.0] 3.0 } output { [6.0, 12.0] 5.0 }

def main [n] (xs: [n]f64) (c: f64) : ([n]f64, f64) =
  vjp (\(xs, c) -> f64.sum (map (\x -> c * x * x) xs)) (xs, c) 1

-- ==
-- entry: gather
-- input { [1.0, 2.0, 3.0] [2i64, 0i64, 2i64] } output { [1.0, 0.0, 2.0] }

entry gather [n] [m] (table: [n]f64) (is: [m]i64) : [n]f64 =
  vjp (\t -> f64.sum (map (\i -> t[i]) is)) table 1
