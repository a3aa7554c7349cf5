-- Loop parameters whose array size changes between iterations, annotated with anonymous sizes.
-- ==
-- input { 3 } output { 8i64 8 [5] }
-- input { 0 } output { 1i64 1 [1, 2, 3, 4, 5] }

def main (n: i32) =
  let xs = loop (xs: []i32) = [1] for _i < n do xs ++ xs
  let ys = loop (ys: []i32) = [1, 2, 3, 4, 5] for _i < n + n do if length ys > 1 then ys[1:] else ys
  in (length xs, i32.sum xs, ys)
