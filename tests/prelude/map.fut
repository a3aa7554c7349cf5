-- map and map1: element i of the result is f applied to element i.
-- ==
-- entry: map_square
-- input { [1, -2, 3] } output { [1, 4, 9] }
-- input { empty([0]i32) } output { empty([0]i32) }

entry map_square (xs: []i32) : []i32 = map (\x -> x * x) xs

-- ==
-- entry: map1_shift
-- input { [10i64, 20i64] } output { [9i64, 19i64] }

entry map1_shift (xs: []i64) : []i64 = map1 (\x -> x - 1) xs

-- Tuple results come back as two arrays.
-- ==
-- entry: map_pairs
-- input { [1, 2, 3] } output { [1, 2, 3] [2, 4, 6] }

entry map_pairs (xs: []i32) : ([]i32, []i32) = unzip (map (\x -> (x, x * 2)) xs)

-- ==
-- entry: map_rows
-- input { [[1, 2], [3, 4], [5, 6]] } output { [[2, 3], [4, 5], [6, 7]] }
-- input { empty([2][0]i32) } output { empty([2][0]i32) }

entry map_rows (m: [][]i32) : [][]i32 = map (\row -> map (+ 1) row) m

-- The function sees the element, not its index.
-- ==
-- entry: map_index
-- input { [5, 5, 5] } output { [5i64, 6i64, 7i64] }

entry map_index (xs: []i32) : []i64 = map (\(x, i) -> i64.i32 x + i) (zip xs (indices xs))
