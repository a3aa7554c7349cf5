-- A module type whose value spec hides that the module's function
-- consumes its argument.
-- ==
-- error: :6:12: value M.f .*Parameters \[n\]f32 and \*\[n\]f32 are incompatible regarding consuming their arguments

module M : { val f [n] : [n]f32 -> f32 } = { def f (xs: *[]f32) : f32 = xs[0] }
