-- Slicing and indexing mixed per dimension on a three-dimensional array, e.g. t[0, :, 2:5:2].
-- ==
-- input { 2i64 }
-- output { [[2, 4], [8, 10]] [[6, 7, 8, 9, 10, 11]] [[6, 0], [18, 12]] [[13, 14], [19, 20]] }

def main (k: i64) =
  let t = unflatten_3d (map i32.i64 (iota (2 * 2 * 6))) : [2][2][6]i32
  in (t[0, :, k:5:2], t[0, 1:, :], t[:, ::-1, 0], t[1, :, 1:3])
