-- flat_index_2d/3d/4d read an affine view of a flat array (offset and one
-- stride per dimension, negative strides too); flat_update_* write one.
-- Any index out of range is an "out of bounds" error, unless the view is
-- empty.
-- ==
-- entry: index2
-- input { [0, 1, 2, 3, 4, 5, 6, 7, 8] 1i64 } output { [[1, 2, 3], [4, 5, 6]] }
-- input { [0, 1, 2, 3, 4, 5, 6, 7, 8] 4i64 } error: Index \[9\] out of bounds for array of shape \[9\]
-- ==
-- entry: transposed
-- input { [0, 1, 2, 3, 4, 5] } output { [[0, 3], [1, 4], [2, 5]] }
-- ==
-- entry: backwards
-- input { [0, 1, 2, 3, 4, 5] } output { [[5, 4, 3], [2, 1, 0]] }
-- input { [0, 1, 2, 3, 4] } error: Index \[5\] out of bounds for array of shape \[5\]
-- ==
-- entry: empty_view
-- input { [1, 2] } output { empty([0][7]i32) }
-- ==
-- entry: index3
-- input { [0, 1, 2, 3, 4, 5, 6, 7] } output { [[[0, 1], [2, 3]], [[4, 5], [6, 7]]] }
-- ==
-- entry: index4
-- input { [0, 1, 2, 3] } output { [[[[0]], [[1]]], [[[2]], [[3]]]] }
-- ==
-- entry: update2
-- input { [0, 1, 2, 3, 4, 5, 6, 7, 8] } output { [0, 9, 8, 3, 4, 7, 6, 7, 8] }
-- input { [0, 1, 2, 3, 4, 5] } error: Index \[6\] out of bounds for array of shape \[6\]
-- ==
-- entry: update3
-- input { [0, 0, 0, 0, 0, 0, 0, 0] } output { [1, 5, 2, 6, 3, 7, 4, 8] }
-- ==
-- entry: update4
-- input { [0, 0, 0, 0] } output { [1, 3, 2, 4] }

entry index2 (xs: []i32) (o: i64) = flat_index_2d xs o 2 3 3 1
entry transposed (xs: []i32) = flat_index_2d xs 0 3 1 2 3
entry backwards (xs: []i32) = flat_index_2d xs 5 2 (-3) 3 (-1)
entry empty_view (xs: []i32) = flat_index_2d xs 100 0 1 7 1
entry index3 (xs: []i32) = flat_index_3d xs 0 2 4 2 2 2 1
entry index4 (xs: []i32) = flat_index_4d xs 0 2 2 2 1 1 5 1 7
entry update2 (xs: *[]i32) = flat_update_2d xs 1 4 1 [[9, 8], [7, 6]]
-- Element (i, j, k) goes to i + 4j + 2k.
entry update3 (xs: *[]i32) = flat_update_3d xs 0 1 4 2 [[[1, 2], [3, 4]], [[5, 6], [7, 8]]]
entry update4 (xs: *[]i32) = flat_update_4d xs 0 1 2 5 7 [[[[1]], [[2]]], [[[3]], [[4]]]]
