-- Float + - * / (IEEE, rounded to the type), comparisons, neg, recip,
-- from_fraction and to_f64.
-- Expected outputs computed by oracle/numeric.py from the rules of
-- LANGUAGE.md §8 and §13.8.

-- ==
-- entry: arith_f16
-- input { [1.5f16, -2.25f16, 0.0999755859f16, 3f16, 10000f16, -0.0f16, 7f16] [0.5f16, 4f16, 0.199951172f16, -3f16, 3f16, 0.0f16, 7f16] }
-- output { [2f16, 1.75f16, 0.299804688f16, 0.0f16, 10000f16, 0.0f16, 14f16] [1f16, -6.25f16, -0.0999755859f16, 6f16, 10000f16, -0.0f16, 0.0f16] [0.75f16, -9f16, 0.0199890137f16, -9f16, 30000f16, -0.0f16, 49f16] [3f16, -0.5625f16, 0.5f16, -1f16, 3334f16, f16.nan, 1f16] [false, false, false, false, false, true, true] [true, true, true, true, true, false, false] [false, true, true, false, false, false, false] [false, true, true, false, false, true, true] [true, false, false, true, true, false, false] [true, false, false, true, true, true, true] [-1.5f16, 2.25f16, -0.0999755859f16, -3f16, -10000f16, 0.0f16, -7f16] [2f16, 0.25f16, 5f16, -0.333251953f16, 0.333251953f16, f16.inf, 0.142822266f16] }
entry arith_f16 (xs: []f16) (ys: []f16) =
  (map2 (f16.+) xs ys, map2 (f16.-) xs ys, map2 (f16.*) xs ys, map2 (f16./) xs ys,
   map2 (f16.==) xs ys, map2 (f16.!=) xs ys, map2 (f16.<) xs ys,
   map2 (f16.<=) xs ys, map2 (f16.>) xs ys, map2 (f16.>=) xs ys,
   map f16.neg xs, map f16.recip ys)

-- ==
-- entry: fraction_f16
-- input { [1i64, -7i64, 10i64, 0i64, 5i64] [3i64, 2i64, -4i64, 5i64, 0i64] [1.5f16, -2.25f16, 0.0999755859f16, 3f16, 10000f16, -0.0f16, 7f16] }
-- output { [0.333251953f16, -3.5f16, -2.5f16, 0.0f16, f16.inf] [4609434218613702656u64, 13835621005235585024u64, 4591868420848353280u64, 4613937818241073152u64, 4666723172467343360u64, 9223372036854775808u64, 4619567317775286272u64] }
entry fraction_f16 (ps: []i64) (qs: []i64) (xs: []f16) =
  (map2 f16.from_fraction ps qs, map (\x -> f64.to_bits (f16.to_f64 x)) xs)

-- ==
-- entry: arith_f32
-- input { [1.5f32, -2.25f32, 0.100000001f32, 3f32, 10000f32, -0.0f32, 7f32] [0.5f32, 4f32, 0.200000003f32, -3f32, 3f32, 0.0f32, 7f32] }
-- output { [2f32, 1.75f32, 0.300000012f32, 0.0f32, 10003f32, 0.0f32, 14f32] [1f32, -6.25f32, -0.100000001f32, 6f32, 9997f32, -0.0f32, 0.0f32] [0.75f32, -9f32, 0.0200000014f32, -9f32, 30000f32, -0.0f32, 49f32] [3f32, -0.5625f32, 0.5f32, -1f32, 3333.33325f32, f32.nan, 1f32] [false, false, false, false, false, true, true] [true, true, true, true, true, false, false] [false, true, true, false, false, false, false] [false, true, true, false, false, true, true] [true, false, false, true, true, false, false] [true, false, false, true, true, true, true] [-1.5f32, 2.25f32, -0.100000001f32, -3f32, -10000f32, 0.0f32, -7f32] [2f32, 0.25f32, 5f32, -0.333333343f32, 0.333333343f32, f32.inf, 0.142857149f32] }
entry arith_f32 (xs: []f32) (ys: []f32) =
  (map2 (f32.+) xs ys, map2 (f32.-) xs ys, map2 (f32.*) xs ys, map2 (f32./) xs ys,
   map2 (f32.==) xs ys, map2 (f32.!=) xs ys, map2 (f32.<) xs ys,
   map2 (f32.<=) xs ys, map2 (f32.>) xs ys, map2 (f32.>=) xs ys,
   map f32.neg xs, map f32.recip ys)

-- ==
-- entry: fraction_f32
-- input { [1i64, -7i64, 10i64, 0i64, 5i64] [3i64, 2i64, -4i64, 5i64, 0i64] [1.5f32, -2.25f32, 0.100000001f32, 3f32, 10000f32, -0.0f32, 7f32] }
-- output { [0.333333343f32, -3.5f32, -2.5f32, 0.0f32, f32.inf] [4609434218613702656u64, 13835621005235585024u64, 4591870180174331904u64, 4613937818241073152u64, 4666723172467343360u64, 9223372036854775808u64, 4619567317775286272u64] }
entry fraction_f32 (ps: []i64) (qs: []i64) (xs: []f32) =
  (map2 f32.from_fraction ps qs, map (\x -> f64.to_bits (f32.to_f64 x)) xs)

-- ==
-- entry: arith_f64
-- input { [1.5f64, -2.25f64, 0.10000000000000001f64, 3f64, 10000f64, -0.0f64, 7f64] [0.5f64, 4f64, 0.20000000000000001f64, -3f64, 3f64, 0.0f64, 7f64] }
-- output { [2f64, 1.75f64, 0.30000000000000004f64, 0.0f64, 10003f64, 0.0f64, 14f64] [1f64, -6.25f64, -0.10000000000000001f64, 6f64, 9997f64, -0.0f64, 0.0f64] [0.75f64, -9f64, 0.020000000000000004f64, -9f64, 30000f64, -0.0f64, 49f64] [3f64, -0.5625f64, 0.5f64, -1f64, 3333.3333333333335f64, f64.nan, 1f64] [false, false, false, false, false, true, true] [true, true, true, true, true, false, false] [false, true, true, false, false, false, false] [false, true, true, false, false, true, true] [true, false, false, true, true, false, false] [true, false, false, true, true, true, true] [-1.5f64, 2.25f64, -0.10000000000000001f64, -3f64, -10000f64, 0.0f64, -7f64] [2f64, 0.25f64, 5f64, -0.33333333333333331f64, 0.33333333333333331f64, f64.inf, 0.14285714285714285f64] }
entry arith_f64 (xs: []f64) (ys: []f64) =
  (map2 (f64.+) xs ys, map2 (f64.-) xs ys, map2 (f64.*) xs ys, map2 (f64./) xs ys,
   map2 (f64.==) xs ys, map2 (f64.!=) xs ys, map2 (f64.<) xs ys,
   map2 (f64.<=) xs ys, map2 (f64.>) xs ys, map2 (f64.>=) xs ys,
   map f64.neg xs, map f64.recip ys)

-- ==
-- entry: fraction_f64
-- input { [1i64, -7i64, 10i64, 0i64, 5i64] [3i64, 2i64, -4i64, 5i64, 0i64] [1.5f64, -2.25f64, 0.10000000000000001f64, 3f64, 10000f64, -0.0f64, 7f64] }
-- output { [0.33333333333333331f64, -3.5f64, -2.5f64, 0.0f64, f64.inf] [4609434218613702656u64, 13835621005235585024u64, 4591870180066957722u64, 4613937818241073152u64, 4666723172467343360u64, 9223372036854775808u64, 4619567317775286272u64] }
entry fraction_f64 (ps: []i64) (qs: []i64) (xs: []f64) =
  (map2 f64.from_fraction ps qs, map (\x -> f64.to_bits (f64.to_f64 x)) xs)
