-- A let binding's type that hides that a function consumes its argument.
-- ==
-- error: :8:26: Parameters \[\]f32 and \*\[\]f32 are incompatible regarding consuming their arguments

def f (xs: *[]f32) : f32 = xs[0]

def main (ys: []f32) =
  let g : []f32 -> f32 = f
  in g ys
