-- flatten, flatten_3d, flatten_4d merge outer dimensions in row-major order.
-- ==
-- entry: flatten_2d
-- input { [[1, 2, 3], [4, 5, 6]] } output { [1, 2, 3, 4, 5, 6] }
-- input { empty([0][3]i32) } output { empty([0]i32) }
-- input { empty([3][0]i32) } output { empty([0]i32) }

entry flatten_2d (xs: [][]i32) : []i32 = flatten xs

-- ==
-- entry: flatten_3
-- input { [[[1, 2], [3, 4]], [[5, 6], [7, 8]]] } output { [1, 2, 3, 4, 5, 6, 7, 8] }

entry flatten_3 (xs: [][][]i32) : []i32 = flatten_3d xs

-- ==
-- entry: flatten_4
-- input { [[[[1, 2]], [[3, 4]]]] } output { [1, 2, 3, 4] }

entry flatten_4 (xs: [][][][]i32) : []i32 = flatten_4d xs

-- Only the two outer dimensions merge.
-- ==
-- entry: flatten_outer
-- input { [[[1, 2]], [[3, 4]]] } output { [[1, 2], [3, 4]] }

entry flatten_outer (xs: [][][]i32) : [][]i32 = flatten xs
