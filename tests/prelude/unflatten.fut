-- unflatten, unflatten_3d, unflatten_4d take their sizes from the
-- argument's size expression; a length that does not match is an error.
-- ==
-- entry: unflatten_2
-- input { 2i64 3i64 [1, 2, 3, 4, 5, 6] } output { [[1, 2, 3], [4, 5, 6]] }
-- input { 3i64 2i64 [1, 2, 3, 4, 5, 6] } output { [[1, 2], [3, 4], [5, 6]] }
-- input { 0i64 4i64 empty([0]i32) } output { empty([0][4]i32) }
-- input { 2i64 3i64 [1, 2, 3, 4, 5] } error: .

entry unflatten_2 (n: i64) (m: i64) (xs: [n*m]i32) : [n][m]i32 = unflatten xs

-- ==
-- entry: unflatten_3
-- input { 2i64 1i64 2i64 [1, 2, 3, 4] } output { [[[1, 2]], [[3, 4]]] }

entry unflatten_3 (n: i64) (m: i64) (l: i64) (xs: [n*m*l]i32) : [n][m][l]i32 = unflatten_3d xs

-- ==
-- entry: unflatten_4
-- input { 1i64 2i64 2i64 1i64 [1, 2, 3, 4] } output { [[[[1], [2]], [[3], [4]]]] }

entry unflatten_4 (n: i64) (m: i64) (l: i64) (k: i64) (xs: [n*m*l*k]i32) : [n][m][l][k]i32 =
  unflatten_4d xs

-- unflatten undoes flatten.
-- ==
-- entry: round_trip
-- input { [[1, 2], [3, 4], [5, 6]] } output { [[1, 2], [3, 4], [5, 6]] }

entry round_trip [n] [m] (xs: [n][m]i32) : [n][m]i32 = unflatten (flatten xs)
