-- Size coercion with :> succeeds when sizes agree and fails at run time otherwise.
-- ==
-- input { [1, 2, 3] [4, 5] 5i64 } output { [1, 2, 3, 4, 5] [[1, 2, 3], [4, 5, 0]] }
-- input { [1, 2, 3] [4, 5] 4i64 } error: .
-- input { [1, 2] [4, 5] 4i64 } output { [1, 2, 4, 5] [[1, 2], [4, 5]] }

def main [n] [m] (xs: [n]i32) (ys: [m]i32) (k: i64) =
  let zs = xs ++ ys :> [k]i32
  let padded = (ys ++ replicate (n - m) 0) :> [n]i32
  in (zs, [xs, padded])
