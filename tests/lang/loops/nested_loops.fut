-- Nested loops, a loop inside map, and a map inside a loop.
-- ==
-- input { [[1, 2], [3, 4]] [[5, 6], [7, 8]] } output { [[19, 22], [43, 50]] [3, 7] [[4, 5], [6, 7]] }

def matmul [n] [m] [p] (a: [n][m]i32) (b: [m][p]i32) : [n][p]i32 =
  loop c = replicate n (replicate p 0) for i < n do
    loop c for j < p do
      let s = loop s = 0 for k < m do s + a[i, k] * b[k, j]
      in c with [i, j] = s

def main (a: [2][2]i32) (b: [2][2]i32) =
  ( matmul a b
  , map (\row -> loop s = 0 for x in row do s + x) a
  , loop m = a for _i < 3 do map (map (+ 1)) m
  )
