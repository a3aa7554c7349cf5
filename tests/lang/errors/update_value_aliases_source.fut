-- The value written in place may not alias the array written.
-- ==
-- error: :5:36: Source array for in-place update might alias update value

def f (m: *[][]i32) = m with [0] = m[1]
