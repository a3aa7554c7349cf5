-- A module that is not parametric passed where a functor type is required.
-- ==
-- error: :8:18: .*module is not parametric, but the module type requires a parametric module

module type num = { type t val one : t }
module apply (F: (X: num) -> num) = F { type t = i32 def one = 1i32 }
module I = { type t = i32 def one = 1i32 }
module A = apply I
