-- A module lacks a value its signature requires.
-- ==
-- error: :6:12: module does not define value M\.x required by the module type

module type S = { val x : i32 }
module M : S = { def y = 1i32 }
