-- Every primitive type can be passed in and returned through an entry point.
-- ==
-- input { -1i8 -2i16 -3i32 -4i64 1u8 2u16 3u32 4u64 0.5f16 1.5f32 2.5f64 true }
-- output { -1i8 -2i16 -3i32 -4i64 1u8 2u16 3u32 4u64 0.5f16 1.5f32 2.5f64 false }

entry main (a: i8) (b: i16) (c: i32) (d: i64) (e: u8) (f: u16) (g: u32) (h: u64)
           (i: f16) (j: f32) (k: f64) (l: bool) =
  (a, b, c, d, e, f, g, h, i, j, k, !l)
