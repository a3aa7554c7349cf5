-- Every range form of LANGUAGE.md §7.10 with its examples, typed by context or defaulting to i32.
-- ==
-- input { 0 }
-- output { [1, 2, 3] [5, 4, 3] [0, 2, 4, 6] [10, 7, 4, 1] empty([0]i32) [2, 3, 4] [1, 4, 7] [9, 6, 3] [0u8, 1u8] [0i64, 1i64, 2i64] [1, 3, 5] [7, 5, 3] }

def main (k: i32) =
  ( 1 + k ..< 4 + k
  , 5 + k ..> 2
  , 0 + k ..2...7
  , 10..7...0 + k
  , 3..<3 + k
  , 2...4 + k
  , 1..4..<10 + k
  , 9..6..>0 + k
  , 0u8..<2
  , 0..<3 : []i64
  , 1..3...6 + k
  , 7..5...2 + k
  )

-- Invalid ranges are run-time errors.
-- ==
-- entry: invalid
-- input { 4 2 } error: [Rr]ange
-- input { 2 4 } output { [2, 3] }

entry invalid (a: i32) (b: i32) : []i32 = a..<b

-- Stepped ranges check their step direction at run time.
-- ==
-- entry: stepped_inclusive
-- input { 0 2 7 } output { [0, 2, 4, 6] }
-- input { 10 7 0 } output { [10, 7, 4, 1] }
-- input { 0 0 5 } error: [Rr]ange
-- input { 0 2 -1 } error: [Rr]ange
-- input { 5 3 9 } error: [Rr]ange
-- input { 4 5 4 } output { [4] }

entry stepped_inclusive (a: i32) (s: i32) (b: i32) : []i32 = a..s...b

-- ==
-- entry: stepped_up
-- input { 0 2 5 } output { [0, 2, 4] }
-- input { 3 5 3 } output { empty([0]i32) }
-- input { 0 0 5 } error: [Rr]ange
-- input { 0 -1 5 } error: [Rr]ange
-- input { 6 7 5 } error: [Rr]ange

entry stepped_up (a: i32) (s: i32) (b: i32) : []i32 = a..s..<b

-- ==
-- entry: stepped_down
-- input { 5 3 0 } output { [5, 3, 1] }
-- input { 5 6 0 } error: [Rr]ange
-- input { 0 -1 5 } error: [Rr]ange

entry stepped_down (a: i32) (s: i32) (b: i32) : []i32 = a..s..>b

-- ==
-- entry: inclusive
-- input { 2 2 } output { [2] }
-- input { 3 2 } error: [Rr]ange
-- input { -2 1 } output { [-2, -1, 0, 1] }

entry inclusive (a: i32) (b: i32) : []i32 = a...b

-- ==
-- entry: downward
-- input { 3 3 } output { empty([0]i32) }
-- input { 2 3 } error: [Rr]ange
-- input { 2 -1 } output { [2, 1, 0] }

entry downward (a: i32) (b: i32) : []i32 = a..>b
