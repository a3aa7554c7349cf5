-- Array with-updates of elements, rows, slices and columns; the update value extends to the right.
-- ==
-- input { [[1, 2, 3], [4, 5, 6]] 5 }
-- output { [[1, 2, 3], [4, 5, 6]] [[6, 2, 3], [4, 5, 6]] [[1, 2, 3], [0, 0, 0]] [[1, 9, 9], [4, 5, 6]] [[7, 2, 3], [7, 5, 6]] [5, 2, 3] }

def main (m: [2][3]i32) (v: i32) =
  ( m
  , copy m with [0, 0] = v + 1
  , copy m with [1] = [0, 0, 0]
  , copy m with [0, 1:3] = [9, 9]
  , copy m with [:, 0] = [7, 7]
  , copy m[0] with [0] = v
  )

-- Out-of-bounds updates and shape mismatches are run-time errors.
-- ==
-- entry: update_at
-- input { [1, 2, 3] 3i64 } error: [Ii]ndex
-- input { [1, 2, 3] -1i64 } error: [Ii]ndex
-- input { [1, 2, 3] 2i64 } output { [1, 2, 0] }

entry update_at (xs: *[]i32) (i: i64) : []i32 = xs with [i] = 0

-- ==
-- entry: update_slice
-- input { [1, 2, 3, 4] 1i64 3i64 } output { [1, 8, 9, 4] }
-- input { [1, 2, 3, 4] 1i64 4i64 } error: .

entry update_slice (xs: *[]i32) (i: i64) (j: i64) : []i32 = xs with [i:j] = [8, 9]
