-- A function's size parameter that no parameter and not the result has
-- as a size: no call could give it a value.
-- ==
-- error: :6:8: Size "n" unused in pattern

def f [n] (x: i32) = x
