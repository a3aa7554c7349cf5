-- iterate (count is i32; n <= 0 applies f zero times), iterate_until and
-- iterate_while (the condition is tested before the first application).
-- ==
-- entry: iterate_test
-- input { 3 1 } output { 8 }
-- input { 0 1 } output { 1 }
-- input { -2 1 } output { 1 }

entry iterate_test (n: i32) (x: i32) : i32 = iterate n (* 2) x

-- ==
-- entry: iterate_until_test
-- input { 1 } output { 128 }
-- input { 500 } output { 500 }

entry iterate_until_test (x: i32) : i32 = iterate_until (> 100) (* 2) x

-- ==
-- entry: iterate_while_test
-- input { 1 } output { 128 }
-- input { 500 } output { 500 }

entry iterate_while_test (x: i32) : i32 = iterate_while (< 100) (* 2) x

-- Iterating on an array state.
-- ==
-- entry: iterate_rotate
-- input { 2 [1, 2, 3] } output { [3, 1, 2] }

entry iterate_rotate (n: i32) (xs: []i32) : []i32 = iterate n (rotate 1) xs
