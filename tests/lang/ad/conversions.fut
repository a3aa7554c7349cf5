-- Conversions are linear maps under AD: tangents are converted forward, adjoints converted back.
-- ==
-- input { 0.5f32 3i32 } output { 2i16 3.0f32 6.0 1065353216u32 2i32 }

def main (x: f32) (k: i32) : (i16, f32, f64, u32, i32) =
  ( jvp i16.f32 x 2
  , vjp i64.f32 x 3
  , jvp (\v -> f64.i32 (v * v)) k 1
  , jvp f32.to_bits 1 1
  , vjp f64.i32 k 2
  )
