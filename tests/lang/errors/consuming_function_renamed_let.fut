-- A consuming function bound by a let without a type consumes its
-- argument too, so it may not be given a parameter that is not unique.
-- ==
-- error: :10:8: Would consume variable "xs", which is not consumable

def upd (xs: *[]i32) = xs with [0] = 1

def main (xs: []i32) =
  let g = upd
  in g xs
