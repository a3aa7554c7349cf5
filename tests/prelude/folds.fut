-- foldl and foldr with a non-associative operator fix the order.
-- ==
-- entry: fold_sub
-- input { 100 [1, 2, 3] } output { 94 -98 }
-- input { 100 empty([0]i32) } output { 100 100 }

entry fold_sub (acc: i32) (xs: []i32) : (i32, i32) = (foldl (-) acc xs, foldr (-) acc xs)

-- Accumulator and element types may differ.
-- ==
-- entry: fold_digits
-- input { [1, 2, 3] } output { 123i64 321i64 }

entry fold_digits (xs: []i32) : (i64, i64) =
  (foldl (\acc x -> acc * 10 + i64.i32 x) 0 xs,
   foldr (\x acc -> acc * 10 + i64.i32 x) 0 xs)

-- ==
-- entry: fold_collect
-- input { [1, 2, 3] } output { [1, 2, 3] [3, 2, 1] }

entry fold_collect [n] (xs: [n]i32) : ([n]i32, [n]i32) =
  let put (acc: [n]i32, i: i64) (x: i32) = (copy acc with [i] = x, i + 1)
  let (l, _) = foldl put (replicate n 0, 0) xs
  let (r, _) = foldr (\x (acc: [n]i32, i: i64) -> (copy acc with [i] = x, i + 1)) (replicate n 0, 0) xs
  in (l, r)
