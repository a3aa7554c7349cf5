-- A declared type that hides that a function consumes its argument.
-- ==
-- error: :7:24: Parameters \[\]f32 and \*\[\]f32 are incompatible regarding consuming their arguments

def f (xs: *[]f32) : f32 = xs[0]

def g : []f32 -> f32 = f
