-- An array update with a value of the wrong type.
-- ==
-- error: :5:40: .*cannot unify i32 with a floating-point type .*in the value of an update

def main (xs: *[3]i32) = xs with [0] = 1.5
