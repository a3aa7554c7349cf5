-- iota, indices, replicate and rep; negative sizes are run-time errors.
-- ==
-- entry: iota_test
-- input { 5i64 } output { [0i64, 1i64, 2i64, 3i64, 4i64] }
-- input { 0i64 } output { empty([0]i64) }
-- input { -1i64 } error: .

entry iota_test (n: i64) : []i64 = iota n

-- ==
-- entry: indices_test
-- input { [7.5, 8.5, 9.5] } output { [0i64, 1i64, 2i64] }
-- input { empty([0]f64) } output { empty([0]i64) }

entry indices_test (xs: []f64) : []i64 = indices xs

-- ==
-- entry: replicate_test
-- input { 3i64 7 } output { [7, 7, 7] }
-- input { 0i64 7 } output { empty([0]i32) }
-- input { -2i64 7 } error: .

entry replicate_test (n: i64) (x: i32) : []i32 = replicate n x

-- ==
-- entry: replicate_rows
-- input { 2i64 [1, 2] } output { [[1, 2], [1, 2]] }
-- input { 0i64 [1, 2] } output { empty([0][2]i32) }

entry replicate_rows (n: i64) (xs: []i32) : [][]i32 = replicate n xs

-- rep takes its size from the context.
-- ==
-- entry: rep_test
-- input { [1, 2] 5 } output { [6, 7] }
-- input { empty([0]i32) 5 } output { empty([0]i32) }

entry rep_test [n] (xs: [n]i32) (x: i32) : [n]i32 = map2 (+) xs (rep x)
