-- Entry points whose size parameters are array sizes of their own, next
-- to size expressions over them; a size given as an ordinary i64
-- parameter; and constant entry points whose anonymous result sizes
-- their bodies determine (a literal's, filter's existential size).
-- ==
-- entry: pad
-- input { [1, 2] [10, 20, 30] } output { 11 [1, 2, 0] }

entry pad [n] (A: [n]i32) (B: [n + 1]i32) : (i32, [n + 1]i32) = (A[0] + B[0], A ++ [0])

-- ==
-- entry: last_given
-- input { 2i64 [4, 5, 6] } output { 6 }

entry last_given (x: i64) (A: [x + 1]i32) : i32 = A[x]

-- ==
-- entry: last_coerced
-- input { [4, 5, 6] } output { 6 }

entry last_coerced [n] (A: [n]i32) : i32 =
  let x = n - 1
  let B = A :> [x + 1]i32
  in B[x]

-- ==
-- entry: grid
-- input { } output { [[1, 2], [3, 4]] }

entry grid : [2][]i32 = [[1, 2], [3, 4]]

-- ==
-- entry: positives
-- input { } output { [3, 2] }

entry positives : []i32 = filter (> 0) [3, -1, 2]
