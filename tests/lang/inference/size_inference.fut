-- Size parameters inferred from argument shapes and from expected result types (split, sized, rep, unflatten).
-- ==
-- input { [1, 2, 3, 4, 5, 6, 7, 8] } output { [1, 2, 3] [4, 5, 6, 7, 8] [[1, 2, 3, 4], [5, 6, 7, 8]] [0, 0, 0, 0] 8i64 [1, 2, 3, 4, 5, 6, 7, 8] }
-- input { [1, 2, 3, 4, 5, 6, 7] } error: .

def len [n] 't (_: [n]t) : i64 = n

def main [k] (xs: [k]i32) =
  let ys = sized 8 xs
  let (a, b) : ([3]i32, [5]i32) = split (ys :> [3 + 5]i32)
  let m : [2][4]i32 = unflatten (ys :> [2 * 4]i32)
  let z : [4]i32 = rep 0
  in (a, b, m, z, len xs, a ++ b)
