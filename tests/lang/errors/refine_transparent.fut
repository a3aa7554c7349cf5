-- Only abstract types can be refined with `with`.
-- ==
-- error: :6:24: type t is not abstract

module type S = { type t = i32 }
module type T = S with t = f32
