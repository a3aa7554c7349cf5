-- A name that is not bound.
-- ==
-- error: :5:25: unknown name y

def main (x: i32) = x + y
