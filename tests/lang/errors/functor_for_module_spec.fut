-- A parametric module where a module spec requires a plain module.
-- ==
-- error: :7:12: module H.M is parametric, but the module type requires a module that is not parametric

module type num = { type t val one : t }
module type holder = { module M : num }
module H : holder = { module M (X: num) = X }
