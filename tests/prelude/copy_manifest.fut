-- copy and manifest give fresh arrays: updating them leaves the original.
-- ==
-- entry: copy_update
-- input { [1, 2, 3] } output { [1, 2, 3] [99, 2, 3] }

entry copy_update (xs: []i32) : ([]i32, []i32) =
  let ys = copy xs
  let ys[0] = 99
  in (xs, ys)

-- ==
-- entry: manifest_update
-- input { [[1, 2], [3, 4]] } output { [[1, 2], [3, 4]] [[1, 2], [3, 0]] }

entry manifest_update (xs: [][]i32) : ([][]i32, [][]i32) =
  let ys = manifest xs
  in (xs, ys with [1, 1] = 0)

-- ==
-- entry: copy_scalar
-- input { 2.5f32 } output { 2.5f32 }

entry copy_scalar (x: f32) : f32 = copy x
