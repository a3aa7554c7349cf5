-- Bitwise operators and integral module members: popc, clz, ctz, get_bit, set_bit, mul_hi, mad_hi, num_bits.
-- ==
-- input { 10 12 }
-- output { 8 14 6 -11 2 28 2 1 11 8 31 32 32 0 }

def main (x: i32) (y: i32) =
  ( x & y
  , x | y
  , x ^ y
  , !x
  , i32.popc x
  , i32.clz x
  , i32.ctz y
  , i32.get_bit 3 x
  , i32.set_bit 0 x 1
  , i32.set_bit 1 x 0
  , i32.clz 1
  , i32.popc (-1)
  , i32.num_bits
  , i32.ctz (x & 0) - 32
  )

-- ==
-- entry: high_mul
-- input { 100000 100000 4294967295u32 } output { 2 -1 4294967294u32 7 }

entry high_mul (a: i32) (b: i32) (u: u32) =
  (i32.mul_hi a b, i32.mul_hi (-1) 1, u32.mul_hi u u, i32.mad_hi a b 5)
