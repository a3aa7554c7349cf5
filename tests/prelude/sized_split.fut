-- sized checks the length at run time; split takes its sizes from context.
-- ==
-- entry: sized_test
-- input { 3i64 [1, 2, 3] } output { [1, 2, 3] }
-- input { 2i64 [1, 2, 3] } error: .

entry sized_test (n: i64) (xs: []i32) : [n]i32 = sized n xs

-- ==
-- entry: split_at
-- input { 2i64 [1, 2, 3, 4, 5] } output { [1, 2] [3, 4, 5] }
-- input { 0i64 [1, 2] } output { empty([0]i32) [1, 2] }
-- input { 2i64 [1, 2] } output { [1, 2] empty([0]i32) }
-- input { 3i64 [1, 2] } error: .

entry split_at (n: i64) (xs: []i32) : ([]i32, []i32) =
  let m = length xs - n
  let (a, b) : ([n]i32, [m]i32) = split (xs :> [n+m]i32)
  in (a, b)
