-- hist: bins start at ne; indices outside [0, k) are ignored.
-- ==
-- entry: hist_sum
-- input { 4i64 [0i64, 1i64, 1i64, 3i64, -1i64, 4i64, 100i64] [1, 2, 3, 4, 5, 6, 7] }
-- output { [1, 5, 0, 4] }
-- input { 0i64 [0i64, 1i64] [1, 2] } output { empty([0]i32) }
-- input { 2i64 empty([0]i64) empty([0]i32) } output { [0, 0] }
-- input { -1i64 empty([0]i64) empty([0]i32) } error: .

entry hist_sum [n] (k: i64) (is: [n]i64) (vs: [n]i32) : [k]i32 = hist (+) 0 k is vs

-- Empty bins hold ne, here the lowest i32.
-- ==
-- entry: hist_max
-- input { [2i64, 2i64, 0i64] [5, 9, -3] } output { [-3, -2147483648, 9] }

entry hist_max [n] (is: [n]i64) (vs: [n]i32) : [3]i32 = hist i32.max i32.lowest 3 is vs

-- ==
-- entry: hist_f64
-- input { [1i64, 0i64, 1i64, 2i64] [0.5, 1.25, 2.0, 8.0] } output { [1.25, 2.5] }

entry hist_f64 [n] (is: [n]i64) (vs: [n]f64) : [2]f64 = hist (+) 0 2 is vs

-- ==
-- entry: hist_counts
-- input { [3, 1, 3, 3, 0] } output { [1i64, 1i64, 0i64, 3i64] }

entry hist_counts [n] (xs: [n]i32) : [4]i64 = hist (+) 0 4 (map i64.i32 xs) (replicate n 1)

-- A histogram of pairs, combined componentwise.
-- ==
-- entry: hist_pairs
-- input { [0i64, 1i64, 0i64] [1, 2, 3] [4.0, 5.0, 6.0] } output { [4, 2] [10.0, 5.0] }

entry hist_pairs [n] (is: [n]i64) (as: [n]i32) (bs: [n]f64) : ([2]i32, [2]f64) =
  unzip (hist (\(a, b) (c, d) -> (a + c, b + d)) (0, 0) 2 is (zip as bs))
