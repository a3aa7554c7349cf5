-- A decimal literal where an integer is required.
-- ==
-- error: :5:25: .*cannot unify i32 with a floating-point type

def main (x: i32) = x + 1.5
