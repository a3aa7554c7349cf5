-- transpose swaps the two outer dimensions only.
-- ==
-- entry: transpose_2d
-- input { [[1, 2, 3], [4, 5, 6]] } output { [[1, 4], [2, 5], [3, 6]] }
-- input { empty([0][3]i32) } output { empty([3][0]i32) }
-- input { [[7]] } output { [[7]] }
-- input { empty([2][0]i32) } output { empty([0][2]i32) }

entry transpose_2d (xs: [][]i32) : [][]i32 = transpose xs

-- ==
-- entry: transpose_3d
-- input { [[[1, 2]], [[3, 4]]] } output { [[[1, 2], [3, 4]]] }

entry transpose_3d (xs: [][][]i32) : [][][]i32 = transpose xs

-- Transposing twice is the identity.
-- ==
-- entry: transpose_twice
-- input { [[1, 2, 3], [4, 5, 6]] } output { [[1, 2, 3], [4, 5, 6]] }

entry transpose_twice (xs: [][]i32) : [][]i32 = transpose (transpose xs)
