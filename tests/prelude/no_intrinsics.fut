-- Intrinsic names are only available inside the prelude.
-- ==
-- error: .

entry main (x: f32) : f32 = __sin_f32 x
