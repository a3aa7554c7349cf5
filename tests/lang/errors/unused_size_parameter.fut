-- Every size parameter of a type must be used.
-- ==
-- error: :5:6: size parameter \[n\] of type t is not used

type t [n] = i32
