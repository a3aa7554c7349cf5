-- A name bound twice in one pattern.
-- ==
-- error: :5:20: name a is bound twice

def main = let (a, a) = (1i32, 2i32) in a
