-- A functor argument whose value has the wrong type.
-- ==
-- error: :6:14: .*value x has type bool, but the module type requires i32

module F (X: { val x : i32 }) = { def y = X.x }
module A = F { def x = true }
