-- Multi-dimensional and empty arrays as entry arguments and results.
-- ==
-- input { [[[1, 2]], [[3, 4]]] empty([0][3]f64) }
-- output { [[[2, 3]], [[4, 5]]] 2i64 empty([0][3]f64) empty([3][0]f64) }
-- input { empty([0][1][2]i32) [[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]] }
-- output { empty([0][1][2]i32) 0i64 [[0.0, 0.0, 0.0], [0.0, 0.0, 0.0]] [[0.0, 0.0], [0.0, 0.0], [0.0, 0.0]] }

entry main [n] [m] (a: [][][]i32) (b: [n][m]f64) =
  (map (map (map (+ 1))) a, length a, map (map (* 0)) b, transpose (map (map (* 0)) b))
