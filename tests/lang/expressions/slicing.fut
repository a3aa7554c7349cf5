-- Slices with defaults, strides and negative strides (the examples of LANGUAGE.md §7.9), mixed with indices.
-- ==
-- input { [10, 11, 12, 13, 14] }
-- output { [11, 12] [10, 11] [13, 14] [10, 12, 14] [14, 13, 12, 11, 10] [13, 12, 11] [14, 12, 10] empty([0]i32) [11, 13] }

def main (a: [5]i32) =
  ( a[1:3]
  , a[:2]
  , a[3:]
  , a[::2]
  , a[::-1]
  , a[3:0:-1]
  , a[4::-2]
  , a[2:2]
  , a[1:4:2]
  )

-- ==
-- entry: matrix
-- input { [[1, 2, 3], [4, 5, 6], [7, 8, 9]] }
-- output { [2, 3] [3, 6, 9] [[5, 6], [8, 9]] [[7, 9], [1, 3]] [[3, 2, 1], [6, 5, 4], [9, 8, 7]] }

entry matrix (m: [3][3]i32) =
  (m[0, 1:], m[:, 2], m[1:3, 1:3], m[::-2, ::2], m[:, ::-1])

-- Invalid slices are run-time errors.
-- ==
-- entry: bad
-- input { [10, 11, 12, 13, 14] 3i64 1i64 1i64 } error: [Ii]ndex
-- input { [10, 11, 12, 13, 14] 0i64 7i64 1i64 } error: [Ii]ndex
-- input { [10, 11, 12, 13, 14] 0i64 2i64 0i64 } error: .
-- input { [10, 11, 12, 13, 14] 9i64 9i64 1i64 } output { empty([0]i32) }
-- input { [10, 11, 12, 13, 14] 1i64 4i64 2i64 } output { [11, 13] }

entry bad (a: []i32) (i: i64) (j: i64) (s: i64) : []i32 = a[i:j:s]
