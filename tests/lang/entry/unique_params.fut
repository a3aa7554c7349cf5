-- Entry points may consume unique array parameters and update them in place.
-- ==
-- input { [1, 2, 3] 1i64 } output { [1, 0, 3] }
-- input { [1, 2, 3] 3i64 } error: [Ii]ndex

entry main (xs: *[]i32) (i: i64) : *[]i32 =
  let xs[i] = 0
  in xs
