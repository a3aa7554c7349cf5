-- The integer division table of LANGUAGE.md §8.2: / and % round toward -inf, // and %% toward zero.
-- ==
-- entry: div_i32
-- input { 7 2 } output { 3 1 3 1 }
-- input { -7 2 } output { -4 1 -3 -1 }
-- input { 7 -2 } output { -4 -1 -3 1 }
-- input { -7 -2 } output { 3 -1 3 -1 }
-- input { 6 3 } output { 2 0 2 0 }
-- input { -6 3 } output { -2 0 -2 0 }

entry div_i32 (x: i32) (y: i32) = (x / y, x % y, x // y, x %% y)

-- ==
-- entry: div_i8
-- input { -7i8 2i8 } output { -4i8 1i8 -3i8 -1i8 }
-- input { -128i8 -1i8 } output { -128i8 0i8 -128i8 0i8 }

entry div_i8 (x: i8) (y: i8) = (x / y, x % y, x // y, x %% y)

-- ==
-- entry: div_i64
-- input { -9223372036854775808i64 -1i64 } output { -9223372036854775808i64 0i64 -9223372036854775808i64 0i64 }
-- input { 100000000000i64 -7i64 } output { -14285714286i64 -2i64 -14285714285i64 5i64 }

entry div_i64 (x: i64) (y: i64) = (x / y, x % y, x // y, x %% y)

-- Unsigned division and remainder are ordinary unsigned operations.
-- ==
-- entry: div_u8
-- input { 250u8 7u8 } output { 35u8 5u8 35u8 5u8 }
-- input { 255u8 2u8 } output { 127u8 1u8 127u8 1u8 }

entry div_u8 (x: u8) (y: u8) = (x / y, x % y, x // y, x %% y)
