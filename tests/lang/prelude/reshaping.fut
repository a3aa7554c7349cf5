-- flatten, unflatten, flatten_3d, unflatten_3d, transpose, tabulate_2d and tabulate_3d.
-- ==
-- input { [[1, 2, 3], [4, 5, 6]] }
-- output { [1, 2, 3, 4, 5, 6] [[1, 2], [3, 4], [5, 6]] [[1, 4], [2, 5], [3, 6]] [[0i64, 1i64, 2i64], [10i64, 11i64, 12i64]] [[[0i64, 1i64], [10i64, 11i64]], [[100i64, 101i64], [110i64, 111i64]]] [1, 2, 3, 4, 5, 6, 1, 2, 3, 4, 5, 6] [[[1, 2], [3, 4]], [[5, 6], [1, 2]], [[3, 4], [5, 6]]] }

def main [n] [m] (a: [n][m]i32) =
  let f = flatten a
  let b = unflatten (f :> [3 * 2]i32) : [3][2]i32
  let cube = [a, a]
  in ( f
     , b
     , transpose a
     , tabulate_2d 2 3 (\i j -> i * 10 + j)
     , tabulate_3d 2 2 2 (\i j k -> i * 100 + j * 10 + k)
     , flatten_3d cube
     , unflatten_3d (flatten_3d cube :> [3 * 2 * 2]i32)
     )
