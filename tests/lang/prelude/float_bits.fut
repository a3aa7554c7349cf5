-- Float bit-level members: num_bits, get_bit, set_bit, nextafter, and the f32 module's epsilon.
-- ==
-- input { 1.0f32 } output { 32 64 1 0 -1.0f32 true true }

def main (x: f32) =
  ( f32.num_bits
  , f64.num_bits
  , f32.get_bit 29 x
  , f32.get_bit 31 x
  , f32.set_bit 31 x 1
  , f32.nextafter x 2 == x + f32.epsilon
  , f32.nextafter x 0 < x
  )
