-- NaN, infinities and signed zeros in the float modules: min/max return
-- the non-NaN operand, sgn of NaN is NaN, comparisons with NaN are false
-- except !=, highest/lowest are the infinities.
-- ==
-- entry: minmax_nan
-- input { [1.0, f64.nan, f64.nan, 2.0] [f64.nan, 1.0, f64.nan, -3.0] }
-- output { [1.0, 1.0, f64.nan, 2.0] [1.0, 1.0, f64.nan, -3.0] }

entry minmax_nan [n] (xs: [n]f64) (ys: [n]f64) : ([n]f64, [n]f64) =
  (map2 f64.max xs ys, map2 f64.min xs ys)

-- ==
-- entry: minmax_nan_f32
-- input { [1f32, f32.nan] [f32.nan, -1f32] } output { [1f32, -1f32] [1f32, -1f32] }

entry minmax_nan_f32 [n] (xs: [n]f32) (ys: [n]f32) : ([n]f32, [n]f32) =
  (map2 f32.max xs ys, map2 f32.min xs ys)

-- ==
-- entry: sgn_abs
-- input { [f64.nan, -3.5, 0.0, 2.0, f64.inf, -f64.inf] }
-- output { [f64.nan, -1.0, 0.0, 1.0, 1.0, -1.0] [f64.nan, 3.5, 0.0, 2.0, f64.inf, f64.inf] }

entry sgn_abs (xs: []f64) : ([]f64, []f64) = (map f64.sgn xs, map f64.abs xs)

-- abs clears the sign of -0; neg sets it; sgn of -0 is a zero.
-- ==
-- entry: signed_zero
-- input { -0.0 } output { 0u64 9223372036854775808u64 true }

entry signed_zero (z: f64) : (u64, u64, bool) =
  (f64.to_bits (f64.abs z), f64.to_bits (f64.neg 0), f64.sgn z f64.== 0)

-- ==
-- entry: ieee_division
-- input { 1.0 0.0 } output { f64.inf -f64.inf f64.nan }

entry ieee_division (a: f64) (b: f64) : (f64, f64, f64) = (a f64./ b, f64.neg a f64./ b, b f64./ b)

-- ==
-- entry: nan_compare
-- input { f32.nan 1f32 }
-- output { false true false false false false true }

entry nan_compare (x: f32) (y: f32) : (bool, bool, bool, bool, bool, bool, bool) =
  (x f32.== x, x f32.!= x, x f32.< y, x f32.>= y, y f32.> x, y f32.<= x, 0 f32.== f32.neg 0)

-- ==
-- entry: limits
-- input { empty([0]f64) }
-- output { f32.inf -f32.inf f64.inf -f64.inf -f64.inf f64.inf 0.0 1.0 }

entry limits (e: []f64) : (f32, f32, f64, f64, f64, f64, f64, f64) =
  (f32.highest, f32.lowest, f64.highest, f64.lowest,
   f64.maximum e, f64.minimum e, f64.sum e, f64.product e)

-- NaN loses in maximum and minimum too, since they reduce with max/min.
-- ==
-- entry: reduce_nan
-- input { [1f32, f32.nan, 3f32] } output { 3f32 1f32 }

entry reduce_nan (xs: []f32) : (f32, f32) = (f32.maximum xs, f32.minimum xs)

-- min and max order -0 below +0 whichever operand it is (IEEE 754-2019
-- minimumNumber and maximumNumber), in every float type and in the
-- reductions; compared through the bit patterns, since -0 == 0.
-- ==
-- entry: minmax_zero
-- input { 0f64 }
-- output { [9223372036854775808u64, 9223372036854775808u64, 0u64, 0u64, 9223372036854775808u64, 0u64]
--          [2147483648u32, 2147483648u32, 0u32, 0u32] [32768u16, 32768u16, 0u16, 0u16] }

entry minmax_zero (z: f64) : ([]u64, []u32, []u16) =
  let n = f64.neg z
  let (z32, n32) = (f32.f64 z, f32.neg (f32.f64 z))
  let (z16, n16) = (f16.f64 z, f16.neg (f16.f64 z))
  in ([f64.to_bits (f64.min z n), f64.to_bits (f64.min n z), f64.to_bits (f64.max z n), f64.to_bits (f64.max n z),
       f64.to_bits (f64.minimum [z, n, z]), f64.to_bits (f64.maximum [n, z, n])],
      [f32.to_bits (f32.min z32 n32), f32.to_bits (f32.min n32 z32), f32.to_bits (f32.max z32 n32), f32.to_bits (f32.max n32 z32)],
      [f16.to_bits (f16.min z16 n16), f16.to_bits (f16.min n16 z16), f16.to_bits (f16.max z16 n16), f16.to_bits (f16.max n16 z16)])

-- ==
-- entry: sum_product
-- input { [1.5f32, 2f32, -4f32] } output { -0.5f32 -12f32 }

entry sum_product (xs: []f32) : (f32, f32) = (f32.sum xs, f32.product xs)

-- The constants, compared through their bit patterns (pi and e rounded to
-- each type).
-- ==
-- entry: constants
-- input { true } output { 1078530011u32 4614256656552045848u64 1076754516u32 4613303445314885481u64 16968u16 16752u16 true true }

entry constants (_: bool) : (u32, u64, u32, u64, u16, u16, bool, bool) =
  (f32.to_bits f32.pi, f64.to_bits f64.pi, f32.to_bits f32.e, f64.to_bits f64.e,
   f16.to_bits f16.pi, f16.to_bits f16.e, f32.isnan f32.nan, f64.isinf (f64.neg f64.inf))

-- ==
-- entry: classify
-- input { [1.0, f64.nan, f64.inf, -f64.inf, 0.0] }
-- output { [false, false, true, true, false] [false, true, false, false, false] }

entry classify (xs: []f64) : ([]bool, []bool) = (map f64.isinf xs, map f64.isnan xs)
