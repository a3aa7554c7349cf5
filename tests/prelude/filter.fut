-- filter keeps the elements satisfying the predicate, in their order.
-- ==
-- entry: filter_positive
-- input { [3, -1, 4, -1, 5, -9, 2, 6] } output { [3, 4, 5, 2, 6] }
-- input { [-1, -2] } output { empty([0]i32) }
-- input { [1, 2] } output { [1, 2] }
-- input { empty([0]i32) } output { empty([0]i32) }

entry filter_positive (xs: []i32) : []i32 = filter (> 0) xs

-- NaN is not equal to itself, so it is dropped.
-- ==
-- entry: filter_nan
-- input { [1.0, f64.nan, 2.0, f64.nan] } output { [1.0, 2.0] }

entry filter_nan (xs: []f64) : []f64 = filter (\x -> x == x) xs

-- ==
-- entry: filter_rows
-- input { [[1, 2], [-1, 3], [4, 5]] } output { [[1, 2], [4, 5]] }
-- input { [[-1, 2]] } output { empty([0][2]i32) }

entry filter_rows [m] (rows: [][m]i32) : [][m]i32 = filter (\r -> r[0] > 0) rows

-- The result's length is its only size information.
-- ==
-- entry: filter_length
-- input { [1, 2, 3, 4, 5, 6, 7] } output { 3i64 }

entry filter_length (xs: []i32) : i64 = length (filter (\x -> x % 2 == 0) xs)

-- Filtering an array of pairs keeps the pairs together.
-- ==
-- entry: filter_pairs
-- input { [1, 5, 3, 8] [2, 4, 6, 7] } output { [1, 3] [2, 6] }

entry filter_pairs [n] (xs: [n]i32) (ys: [n]i32) : ([]i32, []i32) =
  unzip (filter (\(a, b) -> a < b) (zip xs ys))
