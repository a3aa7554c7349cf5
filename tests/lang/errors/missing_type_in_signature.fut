-- A module lacks a type its signature requires.
-- ==
-- error: :6:12: module does not define type M\.t

module type S = { type t }
module M : S = { def x = 1i32 }
