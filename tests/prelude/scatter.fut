-- scatter: out-of-range indices are ignored; of duplicate indices the last
-- one wins (Fluxion's choice, LANGUAGE.md §13.1).
-- ==
-- entry: scatter_1d
-- input { [0, 0, 0, 0] [1i64, 3i64, -1i64, 4i64, 1i64] [10, 20, 30, 40, 50] }
-- output { [0, 50, 0, 20] }
-- input { [1, 2] empty([0]i64) empty([0]i32) } output { [1, 2] }
-- input { empty([0]i32) [0i64] [7] } output { empty([0]i32) }

entry scatter_1d [k] [n] (dest: *[k]i32) (is: [n]i64) (vs: [n]i32) : [k]i32 = scatter dest is vs

-- The original array is not changed by scattering into a copy.
-- ==
-- entry: scatter_copy
-- input { [1, 2, 3] } output { [1, 2, 3] [1, 9, 3] }

entry scatter_copy (xs: []i32) : ([]i32, []i32) = (xs, scatter (copy xs) [1] [9])

-- ==
-- entry: scatter_2d_pairs
-- input { [[0, 0, 0], [0, 0, 0]]
--         [0i64, 1i64, 0i64, 1i64, 2i64, -1i64]
--         [1i64, 2i64, 3i64, -1i64, 0i64, 0i64]
--         [1, 2, 3, 4, 5, 6] }
-- output { [[0, 1, 0], [0, 0, 2]] }

entry scatter_2d_pairs [k] [m] [n] (dest: *[k][m]i32) (is: [n]i64) (js: [n]i64) (vs: [n]i32) : [k][m]i32 =
  scatter_2d dest (zip is js) vs

-- ==
-- entry: scatter_3d_triples
-- input { [[[0, 0], [0, 0]], [[0, 0], [0, 0]]]
--         [1i64, 0i64, 0i64, 0i64]
--         [0i64, 2i64, 0i64, 1i64]
--         [1i64, 0i64, 2i64, 1i64]
--         [5, 6, 8, 7] }
-- output { [[[0, 0], [0, 7]], [[0, 5], [0, 0]]] }

entry scatter_3d_triples [k] [m] [l] [n] (dest: *[k][m][l]i32) (is: [n]i64) (js: [n]i64) (hs: [n]i64) (vs: [n]i32) : [k][m][l]i32 =
  scatter_3d dest (zip3 is js hs) vs

-- ==
-- entry: spread_fill
-- input { 5i64 [0i64, 4i64, 7i64, -2i64] [1, 2, 3, 4] } output { [1, -1, -1, -1, 2] }
-- input { 0i64 [0i64] [1] } output { empty([0]i32) }

entry spread_fill [n] (k: i64) (is: [n]i64) (vs: [n]i32) : [k]i32 = spread k (-1) is vs

-- Scattering whole rows into a 2-D array.
-- ==
-- entry: scatter_rows
-- input { [[0, 0], [0, 0], [0, 0]] [2i64, 0i64, 5i64] [[1, 2], [3, 4], [5, 6]] }
-- output { [[3, 4], [0, 0], [1, 2]] }

entry scatter_rows [k] [m] [n] (dest: *[k][m]i32) (is: [n]i64) (vs: [n][m]i32) : [k][m]i32 =
  scatter dest is vs
