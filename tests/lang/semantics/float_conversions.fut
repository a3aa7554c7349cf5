-- Float conversions: truncation toward zero, NaN and infinities to 0, unsigned via signed, float widening and narrowing.
-- ==
-- input { 2.7 -2.7 }
-- output { 2 -2 -2i64 255u8 0 0i64 0.1f32 3.0f32 -2.7f32 2u16 }

def main (a: f64) (b: f64) =
  ( i32.f64 a
  , i32.f64 b
  , i64.f32 (f32.f64 b)
  , u8.f64 (-1.0)
  , i32.f64 f64.nan
  , i64.f64 f64.inf
  , f32.f64 0.1
  , f32.i32 3
  , f32.f64 b
  , u16.f64 a
  )

-- Conversions between integers and floats are exact when representable, else correctly rounded.
-- ==
-- entry: int_float
-- input { 16777217i32 9007199254740993i64 } output { 16777216.0f32 9007199254740992.0 true }

entry int_float (x: i32) (y: i64) = (f32.i32 x, f64.i64 y, f64.i64 y == 9007199254740992.0)
