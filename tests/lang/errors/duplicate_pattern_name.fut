-- A name bound twice in one pattern.
-- ==
-- error: :5:20: Name "a" also bound at 5:17

def main = let (a, a) = (1i32, 2i32) in a
