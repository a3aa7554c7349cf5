-- A type argument given where a size is expected.
-- ==
-- error: :6:18: .*argument 1 of type vec must be a size \[n\]

type vec [n] = [n]f32
def main (v: vec i32) = v
