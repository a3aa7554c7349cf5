-- to_bits and from_bits reinterpret float bits as the unsigned integer of the same width; r32, t32, r64, t64.
-- ==
-- input { 1.0f32 -2.0 } output { 1065353216u32 13835058055282163712u64 3.1415927f32 1.0f32 3.0f32 -3 2.0 9 }

def main (a: f32) (b: f64) =
  ( f32.to_bits a
  , f64.to_bits b
  , f32.from_bits 0x40490FDB
  , f32.from_bits (f32.to_bits a)
  , r32 3
  , t32 (-3.7f32)
  , r64 2
  , t64 9.99
  )
