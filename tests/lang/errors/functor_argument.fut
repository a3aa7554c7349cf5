-- A functor argument lacks a value of the parameter's signature.
-- ==
-- error: :6:14: module does not define value x required by the module type

module F (X: { val x : i32 }) = { def y = X.x }
module A = F { def z = 1i32 }
