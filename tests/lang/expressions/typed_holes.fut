-- Typed holes (???) are accepted (with a warning); evaluating one is a
-- run-time error that mentions the hole. Holes take any type, functions
-- included.
-- ==
-- entry: unused
-- input { 1 } output { 2 }
-- input { -1 } error: hole
-- ==
-- entry: used
-- input { 1 } error: Reached a typed hole \(\?\?\?\) of type i32
-- warning: Hole of type: i32
-- ==
-- entry: hole_function
-- input { [1, 2] } output { [2, 3] }
-- input { empty([0]i32) } error: hole

entry unused (x: i32) = if x > 0 then x + 1 else ???

entry used (x: i32) : i32 = x + ???

def unfinished : i32 -> i32 = ???

entry hole_function (xs: []i32) : []i32 =
  if length xs > 0 then map (+ 1) xs else map unfinished xs
