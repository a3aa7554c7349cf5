-- A loop body may not consume a variable from outside the loop.
-- ==
-- error: :7:39: Would consume variable "ys", which is not consumable

def f (n: i64) =
  let ys = replicate n 0i32
  in loop s = 0 for i < n do let zs = ys with [i] = 1 in s + zs[i]
