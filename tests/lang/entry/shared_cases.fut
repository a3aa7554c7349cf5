-- One block listing several entry points runs each case on every one of them.
-- ==
-- entry: via_reduce via_loop via_sum
-- input { [1, 2, 3, 4] } output { 10 }
-- input { empty([0]i32) } output { 0 }
-- input { [-5] } output { -5 }

entry via_reduce (xs: []i32) : i32 = reduce (+) 0 xs

entry via_loop (xs: []i32) : i32 = loop s = 0 for x in xs do s + x

entry via_sum (xs: []i32) : i32 = i32.sum xs
