-- The dot product of two vectors, and its gradient with respect to the
-- first vector (which is the second vector).

def dotprod [n] (xs: [n]f64) (ys: [n]f64) : f64 =
  f64.sum (map2 (*) xs ys)

-- ==
-- entry: dot
-- input { [1.0, 2.0, 3.0] [4.0, 5.0, 6.0] } output { 32.0 }
entry dot [n] (xs: [n]f64) (ys: [n]f64) : f64 =
  dotprod xs ys

-- ==
-- entry: grad
-- input { [1.0, 2.0, 3.0] [4.0, 5.0, 6.0] } output { [4.0, 5.0, 6.0] }
entry grad [n] (xs: [n]f64) (ys: [n]f64) : [n]f64 =
  vjp (\v -> dotprod v ys) xs 1.0
