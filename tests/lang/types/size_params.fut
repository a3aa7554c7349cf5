-- Size parameters on functions and size expressions (n*m, n+1, n-k) in parameter and result types.
-- ==
-- input { [[1, 2], [3, 4], [5, 6]] } output { [1, 2, 3, 4, 5, 6] 3i64 2i64 [1, 3, 5, 0] [3, 5] [[1, 3, 5], [2, 4, 6]] }

def flat [n] [m] (a: [n][m]i32) : [n * m]i32 = flatten a

def dims [n] [m] 't (_: [n][m]t) : (i64, i64) = (n, m)

def snoc [n] (xs: [n]i32) (x: i32) : [n + 1]i32 = xs ++ [x]

def drop_k [n] (k: i64) (xs: [n]i32) : [n - k]i32 = drop k xs

def main [n] [m] (a: [n][m]i32) =
  let col = a[:, 0]
  in (flat a, (dims a).0, (dims a).1, snoc col 0, drop_k 1 col, transpose a)
