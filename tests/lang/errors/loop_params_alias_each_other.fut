-- Two consuming loop parameters may not get the same new value.
-- ==
-- error: :6:3: Return value for loop parameter "ys" aliases other consumed loop parameter "xs"

def f (n: i64) =
  loop (xs: *[]i32, ys: *[]i32) = (replicate n 0, replicate n 0)
  for i < 10 do
    (xs, xs)
