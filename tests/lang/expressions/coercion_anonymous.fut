-- Coercion with anonymous sizes keeps the corresponding sizes of the value; only named sizes are checked.
-- ==
-- input { [[1, 2, 3], [4, 5, 6]] 2i64 } output { [[1, 2, 3], [4, 5, 6]] 2i64 3i64 }
-- input { [[1, 2, 3], [4, 5, 6]] 3i64 } error: .

def main [n] [m] (a: [n][m]i32) (k: i64) =
  let b = a :> [k][]i32
  in (b, length b, length b[0])
