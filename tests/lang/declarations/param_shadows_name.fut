-- A parameter named like its function shadows the function in the body,
-- for top-level, local and recursive functions alike.
-- ==
-- entry: scale
-- input { 3.0 [1.0, 2.0] } output { [3.0, 6.0] }
-- ==
-- entry: count
-- input { 5i64 } output { 15i64 10i64 11i64 }

entry scale (scale: f64) (xs: []f64) = map (* scale) xs

def sum_to (n: i64) : i64 = if n <= 0 then 0 else n + sum_to (n - 1)

def down (down: i64) : i64 = if down <= 0 then 0 else down + sum_to (down - 2)

entry count (n: i64) =
  let step (step: i64) = step * 2
  in (sum_to n, step n, down n)
