-- The bool module has only conversions: a number converts to true iff it is
-- non-zero (so NaN is true and -0.0 is false); bool converts to 1 or 0.
-- ==
-- entry: to_bool_ints
-- input { [0i8, -1i8] [0i16, 256i16] [0, 5] [0i64, -9223372036854775808i64]
--         [0u8, 255u8] [0u16, 1u16] [0u32, 2u32] [0u64, 4294967296u64] }
-- output { [false, true] [false, true] [false, true] [false, true]
--          [false, true] [false, true] [false, true] [false, true] }

entry to_bool_ints (a: []i8) (b: []i16) (c: []i32) (d: []i64) (e: []u8) (f: []u16) (g: []u32) (h: []u64) =
  (map bool.i8 a, map bool.i16 b, map bool.i32 c, map bool.i64 d,
   map bool.u8 e, map bool.u16 f, map bool.u32 g, map bool.u64 h)

-- ==
-- entry: to_bool_floats
-- input { [0f16, 0.5f16] [-0.0f32, f32.nan] [0.0, -0.0, f64.nan, 1e-300, -f64.inf] [true, false] }
-- output { [false, true] [false, true] [false, false, true, true, true] [true, false] }

entry to_bool_floats (a: []f16) (b: []f32) (c: []f64) (d: []bool) =
  (map bool.f16 a, map bool.f32 b, map bool.f64 c, map bool.bool d)

-- ==
-- entry: from_bool
-- input { [true, false] }
-- output { [1i8, 0i8] [1i16, 0i16] [1, 0] [1i64, 0i64] [1u8, 0u8] [1u16, 0u16] [1u32, 0u32]
--          [1u64, 0u64] [1f16, 0f16] [1f32, 0f32] [1.0, 0.0] }

entry from_bool (bs: []bool) =
  (map i8.bool bs, map i16.bool bs, map i32.bool bs, map i64.bool bs,
   map u8.bool bs, map u16.bool bs, map u32.bool bs, map u64.bool bs,
   map f16.bool bs, map f32.bool bs, map f64.bool bs)

-- Booleans are ordered false < true by the built-in comparisons.
-- ==
-- entry: bool_order
-- input { false true } output { true false true }

entry bool_order (a: bool) (b: bool) : (bool, bool, bool) = (a < b, a > b, a != b)
