-- Indexing a value that is not an array.
-- ==
-- error: :5:23: .*cannot index 1 times into a value of type i32

def main (x: i32) = x[0]
