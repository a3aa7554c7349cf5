-- Consuming an alias consumes what it aliases.
-- ==
-- error: :8:6: Using variable "xs", but this was consumed at 7:12. \(Possibly through aliases.\)

def f (xs: *[]i32) =
  let ys = xs[1:]
  let zs = ys with [0] = 0
  in xs[0] + zs[0]
