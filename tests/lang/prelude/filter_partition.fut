-- filter, partition and partition2 keep the original order within each group.
-- ==
-- input { [5, -2, 8, 0, -7, 3] }
-- output { [5, 8, 3] [-2, 0, -7] [5, 8, 3] [0] [-2, -7] [5, 8, 3] 3i64 }
-- input { empty([0]i32) }
-- output { empty([0]i32) empty([0]i32) empty([0]i32) empty([0]i32) empty([0]i32) empty([0]i32) 0i64 }

def main (xs: []i32) =
  let (pos, rest) = partition (> 0) xs
  let (zeros, negs, others) = partition2 (== 0) (< 0) xs
  in (pos, rest, filter (> 0) xs, zeros, negs, others, length (filter (> 0) xs))
