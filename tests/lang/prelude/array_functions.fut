-- Array utilities of the prelude: length, null, head, last, tail, init, take, drop, reverse, rotate, concat, indices, copy.
-- ==
-- input { [1, 2, 3, 4] }
-- output { 4i64 false 1 4 [2, 3, 4] [1, 2, 3] [1, 2] [3, 4] [4, 3, 2, 1] [2, 3, 4, 1] [4, 1, 2, 3] [1, 2, 3, 4, 1, 2] [0i64, 1i64, 2i64, 3i64] [1, 2, 3, 4] true }

def main (xs: []i32) =
  ( length xs, null xs, head xs, last xs, tail xs, init xs, take 2 xs, drop 2 xs
  , reverse xs, rotate 1 xs, rotate (-1) xs, concat xs (take 2 xs), indices xs, copy xs
  , null (drop (length xs) xs) )

-- ==
-- entry: empty_head
-- input { empty([0]i32) } error: .
-- input { [7] } output { 7 }

entry empty_head (xs: []i32) : i32 = head xs

-- ==
-- entry: take_too_many
-- input { [1, 2] 3i64 } error: .
-- input { [1, 2] 2i64 } output { [1, 2] }

entry take_too_many (xs: []i32) (k: i64) : []i32 = take k xs

-- ==
-- entry: iota_negative
-- input { -1i64 } error: .
-- input { 0i64 } output { empty([0]i64) }

entry iota_negative (n: i64) : []i64 = iota n

-- ==
-- entry: replicate_negative
-- input { -1i64 } error: .
-- input { 2i64 } output { [7, 7] }

entry replicate_negative (n: i64) : []i32 = replicate n 7
