-- Indexing a map's row by the map's own index: the diagonal of a matrix,
-- with the index from iota or from a range, and a row indexed twice.
-- ==
-- entry: diag
-- input { [[1.0, 2.0], [3.0, 4.0]] } output { [2.0, 8.0] }
-- input { empty([0][0]f64) } output { empty([0]f64) }

entry diag [n] (a: [n][n]f64) : [n]f64 = map2 (\i row -> row[i] * 2) (iota n) a

-- ==
-- entry: diag_sum
-- input { [[1, 2, 3], [4, 5, 6], [7, 8, 9]] } output { [1, 10, 27] }

entry diag_sum [n] (a: [n][n]i32) : [n]i32 =
  map2 (\i row -> row[i] + row[i] * i32.i64 i) (0..<n) a

-- ==
-- entry: diag_rows
-- input { [[1, 2], [3, 4]] [[10, 20], [30, 40]] } output { [11, 44] }

entry diag_rows [n] (a: [n][n]i32) (b: [n][n]i32) : [n]i32 =
  tabulate n (\i -> a[i][i] + b[i, i])
