-- The size that names a tuple parameter's component may also come from
-- inference: zip makes A's anonymous size x.
-- ==
-- error: :6:25: Parameter "A" refers to size "x" which will not be accessible to the caller

def f (x: i64, y: i64) (A: []bool) = zip A (iota (x + y - y))

def main (b: []bool) = length (f (length b, 0) b)
