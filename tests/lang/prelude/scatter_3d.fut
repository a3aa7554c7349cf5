-- scatter_3d and reduce_by_index_3d address elements by index triples; out-of-range triples are ignored.
-- ==
-- input { [5, 6, 7] }
-- output { [[[5, 0], [0, 0]], [[0, 0], [0, 6]]] [[[1, 0], [0, 0]], [[0, 0], [0, 11]]] }

def main (vs: [3]i32) =
  let zero = replicate 2 (replicate 2 (replicate 2 0))
  let idx = [(0, 0, 0), (1, 1, 1), (2, 0, 0)]
  in ( scatter_3d (copy zero) idx vs
     , reduce_by_index_3d (copy zero with [0, 0, 0] = 1) (+) 0 [(1, 1, 1), (1, 1, 1), (0, 2, 0)] vs
     )
