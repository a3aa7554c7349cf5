-- A type ascription that hides that a lambda consumes its argument.
-- ==
-- error: :6:4: Parameters \[\]i32 and \*\[\]i32 are incompatible regarding consuming their arguments

def main (xs: []i32) =
  ((\(ys: *[]i32) -> (ys with [0] = 1)[0]) : []i32 -> i32) xs
