-- AD on integer arrays: i64 cotangents of sums and products with wrap-around arithmetic.
-- ==
-- input { [1i64, 2i64, 3i64] } output { [3i64, 3i64, 3i64] [6i64, 3i64, 2i64] [2i64, 4i64, 6i64] }

def main [n] (xs: [n]i64) : ([n]i64, [n]i64, [n]i64) =
  ( vjp (\xs -> i64.sum (map (* 3) xs)) xs 1
  , vjp i64.product xs 1
  , jvp (map (\x -> x * x)) xs (replicate n 1)
  )
