-- Conversion members of the numeric modules: to_i64 (truncating floats), to_f64, and f16 round trips.
-- ==
-- input { -2.5 200u8 1.5f32 }
-- output { -2i64 200i64 1.5 -1i64 1.5f16 1.5f32 -2 }

def main (x: f64) (u: u8) (y: f32) : (i64, i64, f64, i64, f16, f32, i32) =
  ( f64.to_i64 x
  , u8.to_i64 u
  , f32.to_f64 y
  , i8.to_i64 (-1)
  , f16.f32 y
  , f32.f16 (f16.f32 y)
  , i32.f64 x
  )
