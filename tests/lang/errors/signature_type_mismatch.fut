-- A transparent type spec that the module's type does not match.
-- ==
-- error: :6:12: .*type M\.t is f32, but the module type requires i32

module type S = { type t = i32 }
module M : S = { type t = f32 }
