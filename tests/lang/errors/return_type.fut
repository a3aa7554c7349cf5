-- The body does not have the declared return type.
-- ==
-- error: :5:27: cannot unify f32 with i32: the body of main does not have its declared return type f32

def main (x: i32) : f32 = x
