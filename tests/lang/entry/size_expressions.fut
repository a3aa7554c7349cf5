-- Entry points whose size parameters are array sizes of their own, next
-- to size expressions over them; a size given as an ordinary i64
-- parameter; and constant entry points whose anonymous result sizes
-- their bodies determine (a literal's, filter's existential size).
-- ==
-- entry: pad
-- input { [1, 2] [10, 20, 30] } output { 11 [1, 2, 0] }
-- input { [1, 2] [10, 20] } error: argument 2 of pad: got an array of shape \[2\]i32, want a value of type \[n\+1\]i32 \(n\+1 = 3\)
-- input { [1, 2] [10, 20, 30, 40] } error: shape \[4\]i32.*\(n\+1 = 3\)

entry pad [n] (A: [n]i32) (B: [n + 1]i32) : (i32, [n + 1]i32) = (A[0] + B[0], A ++ [0])

-- ==
-- entry: last_given
-- input { 2i64 [4, 5, 6] } output { 6 }
-- input { 3i64 [4, 5, 6] } error: argument 2 of last_given: got an array of shape \[3\]i32, want a value of type \[x\+1\]i32 \(x\+1 = 4\)

entry last_given (x: i64) (A: [x + 1]i32) : i32 = A[x]

-- ==
-- entry: last_coerced
-- input { [4, 5, 6] } output { 6 }

entry last_coerced [n] (A: [n]i32) : i32 =
  let x = n - 1
  let B = A :> [x + 1]i32
  in B[x]

-- A size expression in an inner dimension, over sizes that a later
-- parameter gives, and one in a record field.
-- ==
-- entry: pairs
-- input { [[1, 2, 3, 4]] [7, 8] } output { 10 2i64 }
-- input { [[1, 2, 3]] [7, 8] } error: shape \[1\]\[3\]i32, want a value of type \[\]\[m\*2\]i32 \(m\*2 = 4\)

entry pairs [m] (A: [][m * 2]i32) (B: [m]i32) : (i32, i64) = (i32.sum A[0], m)

-- ==
-- entry: field
-- input { [1, 2, 3] [1.0, 2.0] } output { 6 }
-- input { [1, 2, 3] [1.0, 2.0, 3.0] } error: argument 2 of field: got an array of shape \[3\]f64, want a value of type \{a: \[n\]i32, b: \[n-1\]f64\} \(n-1 = 2\)

entry field [n] (r: {a: [n]i32, b: [n - 1]f64}) : i32 = i32.sum r.a

-- ==
-- entry: grid
-- input { } output { [[1, 2], [3, 4]] }

entry grid : [2][]i32 = [[1, 2], [3, 4]]

-- ==
-- entry: positives
-- input { } output { [3, 2] }

entry positives : []i32 = filter (> 0) [3, -1, 2]
