-- f16 rounds every result to binary16 (precision 2^-10 near 1).
-- ==
-- entry: f16_rounding
-- input { 1f16 }
-- output { 15360u16 15361u16 11878u16 f16.inf 65504f16 }

entry f16_rounding (one: f16) : (u16, u16, u16, f16, f16) =
  (f16.to_bits (one f16.+ f16.f32 0.0004),
   f16.to_bits (one f16.+ f16.f32 0.0008),
   f16.to_bits (f16.f64 0.1),
   f16.f32 70000,
   f16.f32 65519)

-- ==
-- entry: f16_arith
-- input { [1.5f16, -2f16, 0.25f16] [2f16, 2f16, 4f16] }
-- output { [3.5f16, 0f16, 4.25f16] [3f16, -4f16, 1f16] [0.75f16, -1f16, 0.0625f16] }

entry f16_arith [n] (xs: [n]f16) (ys: [n]f16) : ([n]f16, [n]f16, [n]f16) =
  (map2 (f16.+) xs ys, map2 (f16.*) xs ys, map2 (f16./) xs ys)

-- ==
-- entry: f16_members
-- input { [2.5f16, -0.5f16] }
-- output { [2f16, -0f16] [3f16, 0f16] [2f16, -1f16] 2i64 f16.inf -f16.inf 0.0009765625f16 }

entry f16_members (xs: []f16) : ([]f16, []f16, []f16, i64, f16, f16, f16) =
  (map f16.round xs, map f16.ceil xs, map f16.floor xs, f16.to_i64 xs[0],
   f16.highest, f16.lowest, f16.epsilon)
