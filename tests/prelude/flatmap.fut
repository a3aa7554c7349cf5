-- flatmap' and flatmap return (S, F, O, D[, C]): segment lengths, start
-- flags of the non-empty segments, start offsets, the concatenated data and
-- the regular values.
-- ==
-- entry: flatmap_iota
-- input { [2i64, 0i64, 3i64, 1i64] }
-- output { [2i64, 0i64, 3i64, 1i64]
--          [true, false, true, false, false, true]
--          [0i64, 2i64, 2i64, 5i64]
--          [0i64, 1i64, 0i64, 1i64, 2i64, 0i64] }
-- input { [0i64, 0i64, 2i64] }
-- output { [0i64, 0i64, 2i64] [true, false] [0i64, 0i64, 0i64] [0i64, 1i64] }
-- input { [0i64, 0i64] }
-- output { [0i64, 0i64] empty([0]bool) [0i64, 0i64] empty([0]i64) }
-- input { empty([0]i64) }
-- output { empty([0]i64) empty([0]bool) empty([0]i64) empty([0]i64) }

entry flatmap_iota (xs: []i64) = flatmap' (\x -> iota x) xs

-- ==
-- entry: flatmap_replicate
-- input { [2i64, 0i64, 1i64] }
-- output { [2i64, 0i64, 1i64] [true, false, true] [0i64, 2i64, 2i64] [2i64, 2i64, 1i64]
--          [20i64, 0i64, 10i64] }

entry flatmap_replicate (xs: []i64) = flatmap (\x -> (replicate x x, x * 10)) xs

-- Segments of different element values: the data keeps segment order.
-- ==
-- entry: flatmap_ranges
-- input { [3i64, 1i64] [1i64, 2i64] }
-- output { [3i64, 1i64, 2i64] [2, -1] }

entry flatmap_ranges [n] (starts: [n]i64) (lens: [n]i64) : ([]i64, [n]i32) =
  let (_, _, _, d, c) = flatmap (\(s, l) -> (map (+ s) (iota l), i32.i64 (s - l))) (zip starts lens)
  in (d, c)
