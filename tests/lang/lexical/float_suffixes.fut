-- Float suffixes, including integer-looking literals with a float suffix.
-- ==
-- input { 1f32 } output { 2.5f32 1f32 700.0f64 0.5f16 3.0f32 }
-- input { 2f32 } output { 5.0f32 2f32 700.0f64 0.5f16 4.0f32 }

def main (k: f32) : (f32, f32, f64, f16, f32) =
  (2.5f32 * k, 1f32 * k, 7e2f64, 0.5f16, 2f32 + k)
