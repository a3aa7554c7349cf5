-- map1, zip5/unzip5, flatten_4d/unflatten_4d, transpose of a 3-D array, and a vectorised scan.
-- ==
-- input { [1, 2] }
-- output { [2, 3] [1, 2] [2, 4] [3, 6] [4, 8] [5, 10] [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16] [[[1, 2], [5, 6]], [[3, 4], [7, 8]]] [[1, 2], [3, 6]] }

def main (xs: [2]i32) =
  let (a, b, c, d, e) = unzip5 (zip5 xs (map (* 2) xs) (map (* 3) xs) (map (* 4) xs) (map (* 5) xs))
  let t : [2][2][2][2]i32 = unflatten_4d (map i32.i64 (map (+ 1) (iota (2 * 2 * 2 * 2))))
  in ( map1 (+ 1) xs
     , a, b, c, d, e
     , flatten_4d t
     , transpose t[0]
     , scan (map2 (+)) [0, 0] [xs, map (* 2) xs]
     )
