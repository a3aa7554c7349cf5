-- Type annotations on functions at the edge of the consumption rules that
-- are accepted: a consuming type written for a function that does not
-- consume, and a consuming function given its own consuming type in a
-- let binding, an ascription and a module type.
-- ==
-- input { [1f32, 2f32, 3f32] }
-- output { 1f32 2f32 3f32 1f32 }

def take (xs: *[]f32) : f32 = xs[0]

def read (xs: []f32) : f32 = xs[1]

module M : { val f [n] : *[n]f32 -> f32 } = { def f (xs: *[]f32) : f32 = xs[2] }

def main [n] (xs: [n]f32) =
  let g : *[n]f32 -> f32 = take
  let r : *[n]f32 -> f32 = read
  in (g (copy xs), r (copy xs), M.f (copy xs), (take : *[n]f32 -> f32) (copy xs))
