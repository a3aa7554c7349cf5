-- Reverse mode of reduce_by_index over rows with operators that are not
-- a map2 of a scalar operator (the generic rule lifted to arrays), and of
-- scans over such rows. Derivatives worked out by hand:
-- affine: bucket 0 folds rows 0, 2, 3 into (M, C) with M = m0 m2 m3 and
-- C = c0 m2 m3 + c2 m3 + c3; with all-ones adjoints row 0 gets
-- (m2 m3, m2 m3), row 2 (m0 m3 + c0 m3, m3), row 3 (m0 m2 + c0 m2 + c2, 1).
-- select: each bucket keeps the row with the largest product; only the
-- kept rows (v1 in bucket 0, the destination in bucket 1) get adjoints.
-- scan: the prefix compositions of the affine maps.
-- ==
-- entry: affine
-- input { [[2.0, 1.0], [5.0, 6.0], [3.0, 4.0], [0.5, 2.0]] }
-- output { [[1.5, 1.5], [1.0, 1.0], [1.5, 0.5], [13.0, 1.0]] }
-- ==
-- entry: select
-- input { [[1.0, 1.0], [2.0, 2.0]] [[3.0, 1.0], [1.0, 5.0], [2.0, 1.0]] }
-- output { [[0.0, 0.0], [3.0, 4.0]] [[0.0, 0.0], [1.0, 2.0], [0.0, 0.0]] }
-- ==
-- entry: affine_scan
-- input { [[2.0, 1.0], [3.0, 4.0]] }
-- output { [[4.0, 4.0], [3.0, 1.0]] }

def compose (a: [2]f64) (b: [2]f64) : [2]f64 = [a[0] * b[0], a[1] * b[0] + b[1]]

entry affine (m: [4][2]f64) : [4][2]f64 =
  vjp (\m -> hist compose [1, 0] 2 [0, 1, 0, 0] m) m [[1, 1], [1, 1]]

def bigger (a: [2]f64) (b: [2]f64) : [2]f64 = if a[0] * a[1] >= b[0] * b[1] then a else b

entry select (d: [2][2]f64) (v: [3][2]f64) : ([2][2]f64, [3][2]f64) =
  vjp (\(d, v) -> reduce_by_index (copy d) bigger [0, 0] [1, 0, 1] v) (d, v) [[1, 2], [3, 4]]

-- The scan gives (m0, c0) and (m0 m1, c0 m1 + c1); their sum has the
-- gradient (1 + m1, 1 + m1) for row 0 and (m0 + c0, 1) for row 1.
entry affine_scan (m: [2][2]f64) : [2][2]f64 =
  vjp (\m -> flatten (scan compose [1, 0] m)) m [1, 1, 1, 1]
