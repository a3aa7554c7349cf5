-- A loop parameter declared unique is consuming even when the body does
-- not update it: its new value may not be another loop parameter.
-- ==
-- error: :7:3: Return value for consuming loop parameter "ys" aliases "xs"

def f (n: i64) =
  loop (xs: []i32, ys: *[]i32) = (replicate n 0, replicate n 0)
  for i < 10 do
    (xs, xs)
