-- Updating a parameter that is not declared unique consumes it.
-- ==
-- error: :5:21: Would consume variable "xs", which is not consumable

def f (xs: []i32) = xs with [0] = 1
