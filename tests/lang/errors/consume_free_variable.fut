-- A lambda may not consume a variable from outside it.
-- ==
-- error: :5:42: Would consume variable "xs", which is not consumable

def f (xs: *[]i32) = map (\i -> let ys = xs with [i] = 0 in ys[0]) (iota 3)
