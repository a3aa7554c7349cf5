-- A parameter's size may not name a component of a tuple parameter: a
-- function type names each parameter only as a whole, so the caller
-- could not know the size.
-- ==
-- error: :7:25: Parameter "A" refers to size "x" which will not be accessible to the caller

def f (x: i64, y: i64) (A: [x]bool) = A[0] && y > 0

def main (b: [2]bool) = f (2, 1) b
