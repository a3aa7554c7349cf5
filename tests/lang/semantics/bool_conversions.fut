-- Conversions to and from bool: zero is false, everything else (including NaN) true; true is 1.
-- ==
-- input { 5 0.0 } output { true false true false 1.0f32 0i8 1u64 true }
-- input { 0 -0.0 } output { false false true true 1.0f32 0i8 1u64 true }

def main (x: i32) (f: f64) =
  ( bool.i32 x
  , bool.f64 f
  , bool.f64 f64.nan
  , bool.i32 (x + 1) && !(bool.i32 x)
  , f32.bool true
  , i8.bool false
  , u64.bool (x == x)
  , bool.u8 255
  )
