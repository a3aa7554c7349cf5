-- Tuple results are unpacked into separate outputs, recursively for nested tuples.
-- ==
-- entry: nested
-- input { 1 } output { 1 2.0 true [3i64] }

entry nested (x: i32) : (i32, (f64, (bool, [1]i64))) =
  (x, (f64.i32 (x + 1), (x > 0, [i64.i32 (x + 2)])))

-- ==
-- entry: single
-- input { 4 } output { [[4, 4], [4, 4]] }

entry single (x: i32) : [2][2]i32 = replicate 2 (replicate 2 x)
