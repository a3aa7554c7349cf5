-- A loop that consumes its initial value may not read that value inside.
-- ==
-- error: :6:3: Loop body uses variable "xs" \(or an alias\), but this is consumed by the initial loop argument

def f (xs: *[]i32) =
  loop acc = xs for i < 3 do acc with [i] = xs[i] + 1
