-- Parameter sizes that name earlier parameters bound as a whole are
-- accessible to the caller: separate parameters, size parameters next to
-- a tuple parameter, a size coercion inside the body, and a lambda whose
-- parameter size names a let-bound component of a tuple.
-- ==
-- input { [true, false, true] }
-- output { true 3i64 true [0i64, 1i64, 2i64] }

def first (x: i64) (y: i64) (A: [x]bool) = A[0] && x + y > 0

def count [n] (p: (i64, i64)) (A: [n]bool) = n + p.0 - p.1

def coerced (x: i64, _: i64) (A_unsized: []bool) =
  let A = A_unsized :> [x]bool
  in A[x - 1]

def indices (t: (i64, i64)) (A: []bool) =
  let (x, _) = t
  let g = \(B: [x]bool) -> map (\(i, _) -> i) (zip (iota x) B)
  in g (A :> [x]bool)

def main [n] (b: [n]bool) =
  (first n 1 b, count (1, 1) b, coerced (n, 0) b, indices (n, 0) b)
