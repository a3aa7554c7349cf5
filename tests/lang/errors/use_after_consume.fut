-- An array may not be used after it was consumed.
-- ==
-- error: :7:6: Using variable "xs", but this was consumed at 6:12

def f (xs: *[]i32) =
  let ys = xs with [0] = 1
  in xs[1] + ys[0]
