-- Integer ** is repeated multiplication with wrap-around; 0 ** 0 is 1; a negative exponent is an error.
-- ==
-- input { 3 40 } output { 689956897 }
-- input { 2 10 } output { 1024 }
-- input { 0 0 } output { 1 }
-- input { -3 3 } output { -27 }
-- input { 2 31 } output { -2147483648 }
-- input { 2 -1 } error: [Nn]egative

def main (x: i32) (y: i32) = x ** y

-- ==
-- entry: unsigned_pow
-- input { 2u8 8u8 } output { 0u8 }
-- input { 3u8 4u8 } output { 81u8 }

entry unsigned_pow (x: u8) (y: u8) = x ** y
