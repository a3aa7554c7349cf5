-- abs (abs lowest == lowest; identity when unsigned) and sgn.
-- Expected outputs computed by oracle/numeric.py from the rules of
-- LANGUAGE.md §8 and §13.8.

-- ==
-- entry: abs_sgn_i8
-- input { [0i8, 1i8, -1i8, 2i8, -7i8, 7i8, 127i8, -128i8, -127i8, 100i8, -100i8] }
-- output { [0i8, 1i8, 1i8, 2i8, 7i8, 7i8, 127i8, -128i8, 127i8, 100i8, 100i8] [0i8, 1i8, -1i8, 1i8, -1i8, 1i8, 1i8, -1i8, -1i8, 1i8, -1i8] }
entry abs_sgn_i8 (xs: []i8) = (map i8.abs xs, map i8.sgn xs)

-- ==
-- entry: abs_sgn_i16
-- input { [0i16, 1i16, -1i16, 2i16, -7i16, 7i16, 32767i16, -32768i16, -32767i16, 100i16, -100i16] }
-- output { [0i16, 1i16, 1i16, 2i16, 7i16, 7i16, 32767i16, -32768i16, 32767i16, 100i16, 100i16] [0i16, 1i16, -1i16, 1i16, -1i16, 1i16, 1i16, -1i16, -1i16, 1i16, -1i16] }
entry abs_sgn_i16 (xs: []i16) = (map i16.abs xs, map i16.sgn xs)

-- ==
-- entry: abs_sgn_i32
-- input { [0i32, 1i32, -1i32, 2i32, -7i32, 7i32, 2147483647i32, -2147483648i32, -2147483647i32, 100i32, -100i32] }
-- output { [0i32, 1i32, 1i32, 2i32, 7i32, 7i32, 2147483647i32, -2147483648i32, 2147483647i32, 100i32, 100i32] [0i32, 1i32, -1i32, 1i32, -1i32, 1i32, 1i32, -1i32, -1i32, 1i32, -1i32] }
entry abs_sgn_i32 (xs: []i32) = (map i32.abs xs, map i32.sgn xs)

-- ==
-- entry: abs_sgn_i64
-- input { [0i64, 1i64, -1i64, 2i64, -7i64, 7i64, 9223372036854775807i64, -9223372036854775808i64, -9223372036854775807i64, 100i64, -100i64] }
-- output { [0i64, 1i64, 1i64, 2i64, 7i64, 7i64, 9223372036854775807i64, -9223372036854775808i64, 9223372036854775807i64, 100i64, 100i64] [0i64, 1i64, -1i64, 1i64, -1i64, 1i64, 1i64, -1i64, -1i64, 1i64, -1i64] }
entry abs_sgn_i64 (xs: []i64) = (map i64.abs xs, map i64.sgn xs)

-- ==
-- entry: abs_sgn_u8
-- input { [0u8, 1u8, 2u8, 7u8, 255u8, 254u8, 128u8, 200u8] }
-- output { [0u8, 1u8, 2u8, 7u8, 255u8, 254u8, 128u8, 200u8] [0u8, 1u8, 1u8, 1u8, 1u8, 1u8, 1u8, 1u8] }
entry abs_sgn_u8 (xs: []u8) = (map u8.abs xs, map u8.sgn xs)

-- ==
-- entry: abs_sgn_u16
-- input { [0u16, 1u16, 2u16, 7u16, 65535u16, 65534u16, 32768u16, 200u16] }
-- output { [0u16, 1u16, 2u16, 7u16, 65535u16, 65534u16, 32768u16, 200u16] [0u16, 1u16, 1u16, 1u16, 1u16, 1u16, 1u16, 1u16] }
entry abs_sgn_u16 (xs: []u16) = (map u16.abs xs, map u16.sgn xs)

-- ==
-- entry: abs_sgn_u32
-- input { [0u32, 1u32, 2u32, 7u32, 4294967295u32, 4294967294u32, 2147483648u32, 200u32] }
-- output { [0u32, 1u32, 2u32, 7u32, 4294967295u32, 4294967294u32, 2147483648u32, 200u32] [0u32, 1u32, 1u32, 1u32, 1u32, 1u32, 1u32, 1u32] }
entry abs_sgn_u32 (xs: []u32) = (map u32.abs xs, map u32.sgn xs)

-- ==
-- entry: abs_sgn_u64
-- input { [0u64, 1u64, 2u64, 7u64, 18446744073709551615u64, 18446744073709551614u64, 9223372036854775808u64, 200u64] }
-- output { [0u64, 1u64, 2u64, 7u64, 18446744073709551615u64, 18446744073709551614u64, 9223372036854775808u64, 200u64] [0u64, 1u64, 1u64, 1u64, 1u64, 1u64, 1u64, 1u64] }
entry abs_sgn_u64 (xs: []u64) = (map u64.abs xs, map u64.sgn xs)
