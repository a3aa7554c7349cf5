-- A module value has the wrong type for its signature.
-- ==
-- error: :6:12: value M\.x has type f32, but the module type requires i32

module type S = { val x : i32 }
module M : S = { def x = 1f32 }
