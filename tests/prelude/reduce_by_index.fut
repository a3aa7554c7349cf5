-- reduce_by_index combines into existing bin values; the 2-D and 3-D forms
-- ignore any index tuple with a component out of range, even when its
-- flattened position would land inside the array.
-- ==
-- entry: rbi_sum
-- input { [10, 20, 30] [0i64, 2i64, 2i64, 5i64, -1i64] [1, 2, 3, 4, 5] }
-- output { [11, 20, 35] }
-- input { [10, 20] empty([0]i64) empty([0]i32) } output { [10, 20] }

entry rbi_sum [k] [n] (dest: *[k]i32) (is: [n]i64) (vs: [n]i32) : [k]i32 =
  reduce_by_index dest (+) 0 is vs

-- ==
-- entry: rbi_max
-- input { [5, 5] [0i64, 1i64, 0i64] [3, 9, 7] } output { [7, 9] }

entry rbi_max [k] [n] (dest: *[k]i32) (is: [n]i64) (vs: [n]i32) : [k]i32 =
  reduce_by_index dest i32.max i32.lowest is vs

-- ==
-- entry: rbi_2d
-- input { [[0, 0, 0], [0, 0, 0]]
--         [0i64, 1i64, 0i64, 1i64, 2i64, -1i64, 1i64]
--         [0i64, 2i64, 3i64, -1i64, 0i64, 1i64, 2i64]
--         [1, 2, 4, 8, 16, 32, 64] }
-- output { [[1, 0, 0], [0, 0, 66]] }

entry rbi_2d [k] [m] [n] (dest: *[k][m]i32) (is: [n]i64) (js: [n]i64) (vs: [n]i32) : [k][m]i32 =
  reduce_by_index_2d dest (+) 0 (zip is js) vs

-- ==
-- entry: rbi_3d
-- input { [[[0, 0], [0, 0]], [[0, 0], [0, 0]]]
--         [0i64, 1i64, 0i64, 0i64, 1i64]
--         [0i64, 1i64, 0i64, 2i64, 1i64]
--         [0i64, 1i64, 2i64, 0i64, 1i64]
--         [1, 2, 4, 8, 16] }
-- output { [[[1, 0], [0, 0]], [[0, 0], [0, 18]]] }

entry rbi_3d [k] [m] [l] [n] (dest: *[k][m][l]i32) (is: [n]i64) (js: [n]i64) (hs: [n]i64) (vs: [n]i32) : [k][m][l]i32 =
  reduce_by_index_3d dest (+) 0 (zip3 is js hs) vs
