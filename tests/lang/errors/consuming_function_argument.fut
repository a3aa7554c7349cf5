-- A function that consumes its argument may not be passed as an argument.
-- ==
-- error: :6:28: .*may not consume

def upd (xs: *[]i32) = xs with [0] = 1
def f (xss: [][]i32) = map upd xss
