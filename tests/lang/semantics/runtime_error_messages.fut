-- Run-time errors in the reference's words: index and slice bounds,
-- in-place updates, ranges (with the values written), division by zero.
-- ==
-- entry: index
-- input { [1, 2, 3, 4] 5i64 } error: ^Index \[5\] out of bounds for array of shape \[4\]\.
-- input { [1, 2, 3, 4] -1i64 } error: ^Index \[-1\] out of bounds for array of shape \[4\]\.
-- ==
-- entry: index2
-- input { [[1, 2], [3, 4]] 1i64 2i64 } error: ^Index \[1, 2\] out of bounds for array of shape \[2\]\[2\]\.
-- ==
-- entry: slice
-- input { [1, 2, 3, 4] 3i64 1i64 } error: ^Index \[3:1\] out of bounds for array of shape \[4\]\.
-- ==
-- entry: update
-- input { [1, 2, 3, 4] 4i64 } error: ^Index \[4\] out of bounds for array of shape \[4\]\.
-- ==
-- entry: incl
-- input { 5i64 1i64 } error: ^Range 5\.\.\.1 is invalid\.
-- input { 1i64 3i64 } output { [1i64, 2i64, 3i64] }
-- ==
-- entry: upto
-- input { 5 1 } error: ^Range 5\.\.<1 is invalid\.
-- ==
-- entry: downto
-- input { 1i64 5i64 } error: ^Range 1\.\.>5 is invalid\.
-- ==
-- entry: stepped
-- input { 1i64 1i64 5i64 } error: ^Range 1\.\.1\.\.\.5 is invalid\.
-- input { 10i64 7i64 0i64 } output { [10i64, 7i64, 4i64, 1i64] }


entry index (xs: []i32) (i: i64) = xs[i]
entry index2 (xs: [][]i32) (i: i64) (j: i64) = xs[i, j]
entry slice (xs: []i32) (i: i64) (j: i64) = xs[i:j]
entry update (xs: *[]i32) (i: i64) = xs with [i] = 0
entry incl (a: i64) (b: i64) = a...b
entry upto (a: i32) (b: i32) = a..<b
entry downto (a: i64) (b: i64) = a..>b
entry stepped (a: i64) (s: i64) (b: i64) = a..s...b
