-- A function bound to a new name without a type still consumes its
-- argument: calling it through that name consumes the array.
-- ==
-- error: :12:14: Using variable "xs", but this was consumed at 11:17

def upd (xs: *[]i32) = xs with [0] = 1

def set0 = upd

def main (xs: *[]i32) =
  let ys = set0 xs
  in ys[0] + xs[1]
