-- for x in xs loops over rows, with tuple and record patterns for arrays of tuples and records.
-- ==
-- input { [1, 2, 3] [[1, 2], [3, 4], [-1, 0]] } output { 6 28 8 7 20 }
-- input { empty([0]i32) empty([0][2]i32) } output { 0 0 1 -2147483648 0 }

def main (xs: []i32) (m: [][]i32) =
  let (a, b) = loop (a, b) = (0, 1) for (x, y) in zip xs (map (* 2) xs) do (a + x * y, b * 2)
  in ( loop s = 0 for x in xs do s + x
     , a
     , b
     , loop best = i32.lowest for row in m do i32.max best (i32.sum row)
     , loop t = 0 for {p, q} in map (\x -> {p = x, q = x + 1}) xs do t + p * q
     )
