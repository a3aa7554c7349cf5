-- A loop body that does not match the loop parameter.
-- ==
-- error: :5:56: .*cannot unify f32 with i32

def main (x: i32) = loop acc = 0f32 for i < x do acc + i
