-- Applying a value that is not a function.
-- ==
-- error: :5:21: x is not a function; it has type i32

def main (x: i32) = x 1
