-- Loop parameters annotated with a fixed size keep that size through every iteration.
-- ==
-- input { [1, 2, 3] 2 } output { [2, 3, 1] 13 }
-- input { [1, 2, 3] 0 } output { [1, 2, 3] 0 }

def main [n] (xs: [n]i32) (k: i32) =
  let ys = loop (ys: [n]i32) = xs for _i < k do rotate (-1) ys
  let (_, s) = loop (acc: [n]i32, s: i32) = (xs, 0) for i < k do (map (* 1) acc, s + i32.sum acc + i)
  in (ys, s)
