-- all, any, and, or; the empty cases are true, false, true, false.
-- ==
-- entry: all_positive
-- input { [1, 2, 3] } output { true }
-- input { [1, -2, 3] } output { false }
-- input { empty([0]i32) } output { true }

entry all_positive (xs: []i32) : bool = all (> 0) xs

-- ==
-- entry: any_big
-- input { [1, 2, 3] } output { true }
-- input { [1, 2] } output { false }
-- input { empty([0]i32) } output { false }

entry any_big (xs: []i32) : bool = any (> 2) xs

-- ==
-- entry: and_or
-- input { [true, false] } output { false true }
-- input { [true, true] } output { true true }
-- input { [false, false] } output { false false }
-- input { empty([0]bool) } output { true false }

entry and_or (bs: []bool) : (bool, bool) = (and bs, or bs)
