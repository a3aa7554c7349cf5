-- Integer arithmetic wraps around in the width of the type (LANGUAGE.md §8.2); overflow is never an error.
-- ==
-- input { 127i8 1500000000 0u8 3000000000i64 -2147483648 }
-- output { -128i8 -1294967296 255u8 12000000000i64 -2147483648 2147483647 0u64 -32768i16 }

def main (a: i8) (b: i32) (c: u8) (d: i64) (e: i32) =
  ( a + 1
  , b * 2
  , c - 1
  , d * 4
  , -e
  , e - 1
  , 18446744073709551615u64 + 1
  , 32767i16 + 1
  )
