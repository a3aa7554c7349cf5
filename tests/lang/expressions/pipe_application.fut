-- x |> f is the application f x: f may consume x, the result has the
-- size f gives it (an existential size needs no let), and x is
-- evaluated before f.

def set0 (xs: *[]i32) : []i32 = xs with [0] = 5

-- ==
-- entry: consume
-- input { 3i64 } output { [5, 1, 2] }

entry consume (n: i64) : []i32 = iota n |> map i32.i64 |> set0

-- ==
-- entry: existential
-- input { 6i64 } output { 3i64 [3i64, 4i64, 5i64] }

entry existential (n: i64) : (i64, []i64) =
  (iota n |> filter (> 2) |> length, iota n |> filter (> 2))

-- The argument's index fails first.
-- ==
-- entry: order
-- input { [1, 2, 3] [4, 5, 6] } output { 8 }
-- input { [1, 2, 3] [4] } error: Index \[2\] out of bounds for array of shape \[1\]
-- input { [1] [4] } error: Index \[1\] out of bounds for array of shape \[1\]

entry order (xs: []i32) (ys: []i32) : i32 = xs[1] |> (+) ys[2]
