-- length, null, head, last, tail, init, including their errors on empty
-- arrays.
-- ==
-- entry: length_1d
-- input { [1, 2, 3] } output { 3i64 }
-- input { empty([0]i32) } output { 0i64 }

entry length_1d (xs: []i32) : i64 = length xs

-- The outer dimension only.
-- ==
-- entry: length_2d
-- input { [[1, 2, 3], [4, 5, 6]] } output { 2i64 }
-- input { empty([0][4]i32) } output { 0i64 }

entry length_2d (xs: [][]i32) : i64 = length xs

-- ==
-- entry: null_test
-- input { empty([0]i32) } output { true }
-- input { [1] } output { false }

entry null_test (xs: []i32) : bool = null xs

-- ==
-- entry: head_test
-- input { [7, 8, 9] } output { 7 }
-- input { empty([0]i32) } error: .

entry head_test (xs: []i32) : i32 = head xs

-- ==
-- entry: last_test
-- input { [7, 8, 9] } output { 9 }
-- input { empty([0]i32) } error: .

entry last_test (xs: []i32) : i32 = last xs

-- ==
-- entry: tail_test
-- input { [7, 8, 9] } output { [8, 9] }
-- input { [7] } output { empty([0]i32) }
-- input { empty([0]i32) } error: .

entry tail_test (xs: []i32) : []i32 = tail xs

-- ==
-- entry: init_test
-- input { [7, 8, 9] } output { [7, 8] }
-- input { [7] } output { empty([0]i32) }
-- input { empty([0]i32) } error: .

entry init_test (xs: []i32) : []i32 = init xs

-- ==
-- entry: head_row
-- input { [[1, 2], [3, 4]] } output { [1, 2] [3, 4] }

entry head_row (xs: [][]i32) : ([]i32, []i32) = (head xs, last xs)
