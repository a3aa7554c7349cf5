-- Integer division and remainder by zero are run-time errors; float division by zero is IEEE.
-- ==
-- entry: idiv
-- input { 7 0 } error: [Dd]ivision by zero
-- input { 7 1 } output { 7 }
-- input { 0 0 } error: [Dd]ivision by zero

entry idiv (x: i32) (y: i32) = x / y

-- ==
-- entry: irem
-- input { 7 0 } error: [Dd]ivision by zero
-- input { 7 3 } output { 1 }

entry irem (x: i32) (y: i32) = x % y

-- ==
-- entry: iquot
-- input { 7u16 0u16 } error: [Dd]ivision by zero
-- input { 7u16 2u16 } output { 3u16 }

entry iquot (x: u16) (y: u16) = x // y

-- ==
-- entry: irem_trunc
-- input { -7i64 0i64 } error: [Dd]ivision by zero
-- input { -7i64 2i64 } output { -1i64 }

entry irem_trunc (x: i64) (y: i64) = x %% y

-- ==
-- entry: fdiv
-- input { 1.0 0.0 } output { f64.inf }
-- input { -1.0 0.0 } output { -f64.inf }
-- input { 0.0 0.0 } output { f64.nan }
-- input { 1.0 -0.0 } output { -f64.inf }

entry fdiv (x: f64) (y: f64) = x / y
