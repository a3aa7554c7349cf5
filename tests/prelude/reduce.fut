-- reduce and reduce_comm.  The affine-map composition below is associative
-- but not commutative, so the left-to-right order is observable:
-- (a, b) stands for x -> a*x + b, and (a1, b1) `op` (a2, b2) applies the
-- first map, then the second.

def compose (a1: i64, b1: i64) (a2: i64, b2: i64) : (i64, i64) = (a1 * a2, a2 * b1 + b2)

-- ==
-- entry: reduce_affine
-- input { [2i64, 3i64, 1i64] [1i64, 0i64, 5i64] } output { 6i64 8i64 }
-- input { empty([0]i64) empty([0]i64) } output { 1i64 0i64 }

entry reduce_affine [n] (as: [n]i64) (bs: [n]i64) : (i64, i64) = reduce compose (1, 0) (zip as bs)

-- ==
-- entry: reduce_sum
-- input { [1, 2, 3, 4, 5] } output { 15 }
-- input { empty([0]i32) } output { 0 }
-- input { [2147483647, 1] } output { -2147483648 }

entry reduce_sum (xs: []i32) : i32 = reduce (+) 0 xs

-- A vectorised operator: column sums, with the neutral element a row.
-- ==
-- entry: column_sums
-- input { [[1, 2, 3], [4, 5, 6]] } output { [5, 7, 9] }
-- input { empty([0][3]i32) } output { [0, 0, 0] }

entry column_sums [n] [m] (rows: [n][m]i32) : [m]i32 = reduce (map2 (+)) (replicate m 0) rows

-- ==
-- entry: reduce_comm_max
-- input { [1.5f32, -2f32, 7.25f32, 3f32] } output { 7.25f32 }
-- input { empty([0]f32) } output { -f32.inf }

entry reduce_comm_max (xs: []f32) : f32 = reduce_comm f32.max (-f32.inf) xs

-- ==
-- entry: reduce_comm_min
-- input { [5i64, -9i64, 3i64] } output { -9i64 }
-- input { empty([0]i64) } output { 9223372036854775807i64 }

entry reduce_comm_min (xs: []i64) : i64 = reduce_comm i64.min i64.highest xs

-- Index of the largest element, the first one on ties, by reducing pairs.
-- ==
-- entry: argmax
-- input { [3, 9, 2, 9, 1] } output { 1i64 9 }
-- input { empty([0]i32) } output { -1i64 -2147483648 }

entry argmax (xs: []i32) : (i64, i32) =
  let op (i, x) (j, y) = if y > x || (y == x && j < i && j >= 0) then (j, y) else (i, x)
  let (i, x) = reduce op (-1, i32.lowest) (zip (indices xs) xs)
  in (i, x)
