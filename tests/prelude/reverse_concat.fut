-- reverse, (++) and concat.
-- ==
-- entry: reverse_1d
-- input { [1, 2, 3] } output { [3, 2, 1] }
-- input { empty([0]i32) } output { empty([0]i32) }

entry reverse_1d (xs: []i32) : []i32 = reverse xs

-- Only the outer dimension is reversed.
-- ==
-- entry: reverse_2d
-- input { [[1, 2], [3, 4], [5, 6]] } output { [[5, 6], [3, 4], [1, 2]] }

entry reverse_2d (xs: [][]i32) : [][]i32 = reverse xs

-- ==
-- entry: append
-- input { [1, 2] [3] } output { [1, 2, 3] [1, 2, 3] [3, 1, 2] }
-- input { empty([0]i32) [1] } output { [1] [1] [1] }
-- input { empty([0]i32) empty([0]i32) } output { empty([0]i32) empty([0]i32) empty([0]i32) }

entry append (xs: []i32) (ys: []i32) : ([]i32, []i32, []i32) = (xs ++ ys, concat xs ys, ys ++ xs)

-- ==
-- entry: append_rows
-- input { [[1, 2]] [[3, 4], [5, 6]] } output { [[1, 2], [3, 4], [5, 6]] }

entry append_rows [m] (xs: [][m]i32) (ys: [][m]i32) : [][m]i32 = xs ++ ys

-- The size of a concatenation is the sum of the sizes.
-- ==
-- entry: append_length
-- input { [1.0, 2.0] [3.0, 4.0, 5.0] } output { 5i64 }

entry append_length (xs: []f64) (ys: []f64) : i64 = length (concat xs ys)
