-- Unsigned arithmetic and comparisons use the unsigned interpretation of the bits.
-- ==
-- input { 200u8 100u8 4294967295u32 }
-- output { true 44u8 156u8 2u8 0u8 true 4294967294u32 2147483647u32 18446744073709551615u64 }

def main (a: u8) (b: u8) (c: u32) =
  ( a > b
  , a + b
  , b - a
  , a / b
  , b / a
  , c > 0
  , c * 2
  , c / 2
  , u64.u32 c * u64.u32 c + 2 * u64.u32 c
  )
