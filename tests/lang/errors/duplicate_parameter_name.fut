-- Two parameters of one function with the same name.
-- ==
-- error: :5:17: Name "x" also bound at 5:8

def f (x: i32) (x: i32) : i32 = x
