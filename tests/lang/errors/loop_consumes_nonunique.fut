-- A loop that updates its parameter consumes the initial value.
-- ==
-- error: :5:32: Would consume variable "xs", which is not consumable

def f (xs: []i32) = loop acc = xs for i < 3 do acc with [i] = 0
