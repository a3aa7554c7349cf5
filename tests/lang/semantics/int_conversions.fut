-- Integer conversions: sign-extend only signed to signed, otherwise zero-extend; truncate when narrowing; reinterpret at equal width.
-- ==
-- input { -1i8 200u8 70000i64 }
-- output { -1i64 200i64 255u32 255u8 -56i8 4464i16 200 4294967295u64 -1 127i8 }

def main (s: i8) (u: u8) (w: i64) =
  ( i64.i8 s
  , i64.u8 u
  , u32.i8 s
  , u8.i8 s
  , i8.u8 u
  , i16.i64 w
  , i32.u8 u
  , u64.i32 (i32.i8 s)
  , i32.i64 (i64.i8 s)
  , i8.i64 (w - 69873)
  )
