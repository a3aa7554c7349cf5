-- A functor whose result lacks a value the functor type's result requires.
-- ==
-- error: :9:18: module does not define value two required by the module type

module type num = { type t val one : t }
module type num2 = { include num val two : t }
module apply (F: (X: num) -> num2) = F { type t = i32 def one = 1i32 }
module keep (X: num) = { type t = X.t def one = X.one }
module A = apply keep
