-- Bitwise operators need integers.
-- ==
-- error: :5:21: .*cannot unify f32 with an integer type

def main (x: f32) = x << x
