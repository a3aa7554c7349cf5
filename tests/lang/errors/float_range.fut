-- Range bounds must be integers.
-- ==
-- error: :5:12: no type is both an integer type and a floating-point type in the start of a range

def main = 1.0 ..< 2.0
