-- Functional combinators: flip, curry, uncurry, const, id, iterate, iterate_until, iterate_while.
-- ==
-- input { 3 } output { 7 5 5 3 3 24 64 48 }

def main (x: i32) =
  ( flip (-) x 10
  , curry (\(a, b) -> a + b) x 2
  , uncurry (+) (x, 2)
  , const x true
  , id x
  , iterate 3 (* 2) x
  , iterate_until (> 50) (* 2) 1
  , iterate_while (< 40) (* 2) x
  )
