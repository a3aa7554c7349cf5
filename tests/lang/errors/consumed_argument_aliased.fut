-- An argument for a unique parameter may not alias another argument.
-- ==
-- error: :6:24: Argument is consumed, but aliases variable "xs"

def g (a: *[]i32) (b: []i32) = a with [0] = b[0]
def f (xs: *[]i32) = g xs xs
