-- The new value of a consuming loop parameter may not alias the new
-- value of another parameter (here a row of it).
-- ==
-- error: :7:3: Return value for consuming loop parameter "arr" aliases previously returned value

def f [n] (arr0: *[n][3]f64) =
  loop (acc: [3]f64, arr: *[n][3]f64) = (replicate 3 0, arr0) for i < n - 1 do
    let arr[i] = acc
    in (arr[i + 1], arr)
