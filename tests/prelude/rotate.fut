-- rotate r a: b[x] = a[(x + r) mod n] with floor modulo, so negative r
-- rotates to the right and |r| may exceed n.
-- ==
-- entry: rotate_1d
-- input { 1i64 [1, 2, 3, 4, 5] } output { [2, 3, 4, 5, 1] }
-- input { -1i64 [1, 2, 3, 4, 5] } output { [5, 1, 2, 3, 4] }
-- input { 7i64 [1, 2, 3, 4, 5] } output { [3, 4, 5, 1, 2] }
-- input { -7i64 [1, 2, 3, 4, 5] } output { [4, 5, 1, 2, 3] }
-- input { 5i64 [1, 2, 3, 4, 5] } output { [1, 2, 3, 4, 5] }
-- input { 0i64 [1, 2, 3, 4, 5] } output { [1, 2, 3, 4, 5] }
-- input { 3i64 empty([0]i32) } output { empty([0]i32) }

entry rotate_1d (r: i64) (xs: []i32) : []i32 = rotate r xs

-- ==
-- entry: rotate_2d
-- input { 1i64 [[1, 2], [3, 4], [5, 6]] } output { [[3, 4], [5, 6], [1, 2]] }
-- input { -1i64 [[1, 2], [3, 4], [5, 6]] } output { [[5, 6], [1, 2], [3, 4]] }

entry rotate_2d (r: i64) (xs: [][]i32) : [][]i32 = rotate r xs

-- Rotating the rows' elements goes through map.
-- ==
-- entry: rotate_inner
-- input { [[1, 2, 3], [4, 5, 6]] } output { [[3, 1, 2], [6, 4, 5]] }

entry rotate_inner (xs: [][]i32) : [][]i32 = map (rotate (-1)) xs
