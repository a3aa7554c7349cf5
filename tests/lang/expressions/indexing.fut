-- Indexing: multi-dimensional, partial, with every signed index type, and out-of-bounds errors.
-- ==
-- input { [[1, 2, 3], [4, 5, 6]] 1i64 } output { 6 6 [4, 5, 6] 2 4 5 }
-- input { [[1, 2, 3], [4, 5, 6]] 2i64 } error: [Ii]ndex
-- input { [[1, 2, 3], [4, 5, 6]] -1i64 } error: [Ii]ndex

def main (m: [2][3]i32) (i: i64) =
  let row = m[i]
  in ( m[i, 2]
     , m[i][2]
     , row
     , m[0, 1i8]
     , m[1i16][0i32]
     , m[1, 1]
     )
