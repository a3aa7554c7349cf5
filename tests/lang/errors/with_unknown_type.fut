-- Refining a type the module type does not have.
-- ==
-- error: :6:24: .*module type has no type u to refine

module type S = { type t }
module type T = S with u = i32
