-- partition and partition2 keep the original order inside each group.
-- ==
-- entry: partition_even
-- input { [5, 2, 7, 8, 1, 4, 6] } output { [2, 8, 4, 6] [5, 7, 1] }
-- input { [2, 4] } output { [2, 4] empty([0]i32) }
-- input { [1, 3] } output { empty([0]i32) [1, 3] }
-- input { empty([0]i32) } output { empty([0]i32) empty([0]i32) }

entry partition_even (xs: []i32) : ([]i32, []i32) = partition (\x -> x % 2 == 0) xs

-- ==
-- entry: partition_sign
-- input { [3, -1, 0, 5, -7, 0, 2] } output { [-1, -7] [0, 0] [3, 5, 2] }
-- input { empty([0]i32) } output { empty([0]i32) empty([0]i32) empty([0]i32) }

entry partition_sign (xs: []i32) : ([]i32, []i32, []i32) = partition2 (< 0) (== 0) xs

-- An element satisfying both predicates belongs to the first group.
-- ==
-- entry: partition2_overlap
-- input { [5, 1, 3, 0, 2, -4] } output { [5, 3] [1, 2] [0, -4] }

entry partition2_overlap (xs: []i32) : ([]i32, []i32, []i32) = partition2 (> 2) (> 0) xs

-- The sizes add up to the input's length.
-- ==
-- entry: partition_sizes
-- input { [1.5, -2.0, 3.0] } output { 2i64 1i64 }

entry partition_sizes (xs: []f64) : (i64, i64) =
  let (a, b) = partition (> 0) xs in (length a, length b)
