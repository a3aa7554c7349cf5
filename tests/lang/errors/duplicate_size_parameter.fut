-- A size parameter bound twice.
-- ==
-- error: :5:12: Name "n" also bound at 5:8

def f [n] [n] (xs: [n]i32) : i64 = n
