-- Operator sections, projection and indexing sections, and backtick sections.
-- ==
-- input { 10 [1, 2, 3] [[1, 2], [3, 4]] }
-- output { 11 [2, 3, 4] [2, 4, 6] [9, 8, 7] 9 [10, 10] 10 [2, 4] 3 [3, 3] 7 6 2 }

type r = {f: {g: i32}, arr: [3]i32}

def sub (a: i32) (b: i32) = a - b

def main (x: i32) (xs: [3]i32) (m: [2][2]i32) =
  let rec : r = {f = {g = x}, arr = xs}
  let rs = [rec, rec]
  in ( (+) x 1
     , map (+ 1) xs
     , map (2 *) xs
     , map (x -) xs
     , (-) x 1
     , map (.f.g) rs
     , (.0) (x, true)
     , map (.[1]) m
     , (.[1, 0]) m
     , map (.arr.[2]) rs
     , (`sub` 3) x
     , (x `sub`) 4
     , (.1) (1, 2)
     )
