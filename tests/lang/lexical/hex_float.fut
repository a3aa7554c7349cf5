-- Hexadecimal float literals with binary exponents, with and without suffix.
-- ==
-- input { 1.0 } output { 3.0 0.25 10.5 3.0f32 1.0 }
-- input { 0.5 } output { 1.5 0.125 5.25 3.0f32 0.5 }

def main (k: f64) : (f64, f64, f64, f32, f64) =
  (0x1.8p1 * k, 0x1.0p-2 * k, 0xA.8P0 * k, 0x1.8p+1f32, 0x0.8p1 * k)
