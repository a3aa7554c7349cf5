-- map2 .. map5 pass their arrays to f in argument order.
-- ==
-- entry: map2_sub
-- input { [10, 20, 30] [1, 2, 3] } output { [9, 18, 27] }
-- input { empty([0]i32) empty([0]i32) } output { empty([0]i32) }

entry map2_sub [n] (xs: [n]i32) (ys: [n]i32) : [n]i32 = map2 (-) xs ys

-- ==
-- entry: map2_sizes
-- input { [1, 2] [1, 2, 3] } error: .

entry map2_sizes [n] [m] (xs: [n]i32) (ys: [m]i32) : [n]i32 = map2 (+) xs (ys :> [n]i32)

-- ==
-- entry: map3_digits
-- input { [1, 4] [2, 5] [3, 6] } output { [123, 456] }

entry map3_digits [n] (a: [n]i32) (b: [n]i32) (c: [n]i32) : [n]i32 =
  map3 (\x y z -> x * 100 + y * 10 + z) a b c

-- ==
-- entry: map4_digits
-- input { [1, 5] [2, 6] [3, 7] [4, 8] } output { [1234i64, 5678i64] }

entry map4_digits [n] (a: [n]i32) (b: [n]i32) (c: [n]i32) (d: [n]i32) : [n]i64 =
  map4 (\w x y z -> i64.i32 (w * 1000 + x * 100 + y * 10 + z)) a b c d

-- ==
-- entry: map5_mixed
-- input { [1, 2] [true, false] [0.5, 1.5] [3i64, 4i64] [7u8, 9u8] }
-- output { [11.5, 12.5] }

entry map5_mixed [n] (a: [n]i32) (b: [n]bool) (c: [n]f64) (d: [n]i64) (e: [n]u8) : [n]f64 =
  map5 (\v w x y z -> (if w then f64.i32 v else -f64.i32 v) + x + f64.i64 y + f64.u8 z) a b c d e
