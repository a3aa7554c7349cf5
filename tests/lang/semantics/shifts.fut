-- Shifts: << inserts zeros; >> is arithmetic on signed and logical on unsigned values; >>> is logical.
-- ==
-- entry: signed
-- input { -16 2 } output { -4 -64 1073741820 }
-- input { 5 2 } output { 1 20 1 }
-- input { 1 31 } output { 0 -2147483648 0 }

entry signed (x: i32) (k: i32) = (x >> k, x << k, x i32.>>> k)

-- ==
-- entry: unsigned
-- input { 4294967280u32 4u32 } output { 268435455u32 4294967040u32 268435455u32 4294967295u32 }
-- input { 16u32 2u32 } output { 4u32 64u32 4u32 4u32 }

entry unsigned (x: u32) (k: u32) = (x >> k, x << k, x u32.>>> k, u32.(x >> k))

-- ==
-- entry: bytes
-- input { 128u8 -128i8 } output { 1u8 -1i8 0u8 0i8 }

entry bytes (u: u8) (s: i8) = (u >> 7, s >> 7, u << 1, s << 1)
