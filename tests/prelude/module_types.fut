-- The module types from_prim, numeric, integral, real and float can be
-- used as functor parameters, and the numeric modules match them.

module sum_squares (N: numeric) = {
  def f [n] (xs: [n]N.t) : N.t = N.sum (map (\x -> x N.* x) xs)
}

module norm (R: real) = {
  def f (x: R.t) (y: R.t) : R.t = R.sqrt (x R.* x R.+ y R.* y)
}

module bit_count (I: integral) = {
  def f (x: I.t) : i32 = I.popc x + I.clz x * 100
}

module raw (F: float) = {
  def f (x: F.t) : F.int_t = F.to_bits (F.neg x)
}

module from_int (P: from_prim) = {
  def f (x: i32) : P.t = P.i32 x
}

module si = sum_squares i32
module su8 = sum_squares u8
module sf = sum_squares f64
module n32 = norm f32
module bu8 = bit_count u8
module bi64 = bit_count i64
module rf32 = raw f32
module rf64 = raw f64
module fb = from_int bool
module ff = from_int f32

-- ==
-- entry: numeric_functor
-- input { [1, 2, 3] [10u8, 10u8, 3u8] [0.5, 1.5] } output { 14 209u8 2.5 }

entry numeric_functor (a: []i32) (b: []u8) (c: []f64) : (i32, u8, f64) = (si.f a, su8.f b, sf.f c)

-- ==
-- entry: real_functor
-- input { 3f32 4f32 } output { 5f32 }

entry real_functor (x: f32) (y: f32) : f32 = n32.f x y

-- ==
-- entry: integral_functor
-- input { 15u8 -1i64 } output { 404 64 }

entry integral_functor (x: u8) (y: i64) : (i32, i32) = (bu8.f x, bi64.f y)

-- ==
-- entry: float_functor
-- input { 1f32 -2.0 } output { 3212836864u32 4611686018427387904u64 }

entry float_functor (x: f32) (y: f64) : (u32, u64) = (rf32.f x, rf64.f y)

-- ==
-- entry: from_prim_functor
-- input { 0 } output { false 0f32 }
-- input { -3 } output { true -3f32 }

entry from_prim_functor (x: i32) : (bool, f32) = (fb.f x, ff.f x)
