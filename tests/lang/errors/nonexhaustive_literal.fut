-- Matching integers without a catch-all case.
-- ==
-- error: :5:27: non-exhaustive match

def main (x: i32) : i32 = match x
  case 1 -> 2
