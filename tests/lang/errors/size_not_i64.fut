-- A size must be an i64 variable.
-- ==
-- error: :5:22: .*size n must have type i64

def f (n: i32) (xs: [n]f32) = xs
