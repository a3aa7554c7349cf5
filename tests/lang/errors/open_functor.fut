-- A parametric module cannot be opened.
-- ==
-- error: :6:6: .*cannot open a parametric module

module F (X: { val x : i32 }) = { def y = X.x }
open F
