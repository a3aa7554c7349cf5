-- take and drop require 0 <= i <= n.
-- ==
-- entry: take_test
-- input { 2i64 [1, 2, 3] } output { [1, 2] }
-- input { 0i64 [1, 2, 3] } output { empty([0]i32) }
-- input { 3i64 [1, 2, 3] } output { [1, 2, 3] }
-- input { 4i64 [1, 2, 3] } error: .
-- input { -1i64 [1, 2, 3] } error: .

entry take_test (i: i64) (xs: []i32) : []i32 = take i xs

-- ==
-- entry: drop_test
-- input { 1i64 [1, 2, 3] } output { [2, 3] }
-- input { 0i64 [1, 2, 3] } output { [1, 2, 3] }
-- input { 3i64 [1, 2, 3] } output { empty([0]i32) }
-- input { 4i64 [1, 2, 3] } error: .
-- input { -1i64 [1, 2, 3] } error: .

entry drop_test (i: i64) (xs: []i32) : []i32 = drop i xs

-- take and drop split an array into two parts that concatenate back.
-- ==
-- entry: take_drop_concat
-- input { 2i64 [5, 6, 7, 8] } output { [5, 6, 7, 8] }

entry take_drop_concat (i: i64) (xs: []i32) : []i32 = take i xs ++ drop i xs
