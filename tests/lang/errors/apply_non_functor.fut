-- Applying a module that is not parametric.
-- ==
-- error: :6:12: .*not parametric

module M = { def x = 1i32 }
module N = M M
