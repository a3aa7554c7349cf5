-- Every integer suffix fixes the literal's type, including hex and binary forms.
-- ==
-- entry: signed
-- input { true } output { 127i8 32767i16 2147483647i32 9223372036854775807i64 10i32 }
-- input { false } output { -128i8 -32768i16 -2147483648i32 -9223372036854775808i64 10i32 }

entry signed (hi: bool) : (i8, i16, i32, i64, i32) =
  if hi
  then (127i8, 32767i16, 0x7FFFFFFFi32, 9_223_372_036_854_775_807i64, 0b1010i32)
  else (-127i8 - 1i8, -32767i16 - 1, -2147483647i32 - 1, -9223372036854775807i64 - 1, 0b1010i32)

-- ==
-- entry: unsigned
-- input { 0u8 } output { 255u8 65535u16 4294967295u32 18446744073709551615u64 7u8 }
-- input { 1u8 } output { 0u8 65535u16 4294967295u32 18446744073709551615u64 8u8 }

entry unsigned (k: u8) : (u8, u16, u32, u64, u8) =
  (0xFFu8 + k, 0xFFFFu16, 0xFFFF_FFFFu32, 0xFFFFFFFFFFFFFFFFu64, 7u8 + k)
