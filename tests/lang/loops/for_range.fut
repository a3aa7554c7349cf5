-- for i < n loops: i has the integer type of n; n <= 0 gives zero iterations.
-- ==
-- input { 5 4i64 4u8 } output { 10 14i64 6u8 1 }
-- input { -2 0i64 0u8 } output { 0 0i64 0u8 1 }

def main (n: i32) (m: i64) (k: u8) =
  ( loop s = 0 for i < n do s + i
  , loop s = 0i64 for i < m do s + i * i
  , loop s = 0u8 for i < k do s + i
  , loop acc = 1 for i < -3 do acc * 0 + i
  )
