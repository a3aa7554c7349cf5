-- Two parameters of one lambda with the same name.
-- ==
-- error: :5:31: Name "a" also bound at 5:29

def main (x: i32) : i32 = (\a a -> a) x x
