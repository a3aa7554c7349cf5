-- assert c e yields e when c holds and fails at run time otherwise; the body extends to the right.
-- ==
-- input { 4 2 } output { 6 3 }
-- input { 4 0 } error: [Aa]ssert
-- input { -4 2 } error: [Aa]ssert
-- input { 1 -1 } output { 0 0 }

def main (x: i32) (y: i32) =
  let q = assert (y != 0) x + y
  let r = assert true assert (x > 0) x - 1
  in (q, r)
