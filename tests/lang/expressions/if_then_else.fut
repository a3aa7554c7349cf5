-- if-then-else: chains, as an operand, and evaluation of the chosen branch only.
-- ==
-- input { [-5, 0, 7] 5i64 } output { [-1, 0, 1] -100 11 false }
-- input { [-5, 0, 7] 2i64 } output { [-1, 0, 1] 7 11 true }
-- input { [-5, 0, 7] 0i64 } output { [-1, 0, 1] -5 21 false }

def classify (x: i32) : i32 = if x < 0 then -1 else if x == 0 then 0 else 1

def main (xs: []i32) (i: i64) =
  ( map classify xs
  , if i < length xs then xs[i] else -100
  , 1 + (if i > 0 then 10 else 20)
  , if i >= 0 && i < length xs then xs[i] > 0 else false
  )
