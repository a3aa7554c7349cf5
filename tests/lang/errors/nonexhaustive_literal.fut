-- Matching integers without a catch-all case.
-- ==
-- error: :5:27: Unmatched cases in match expression

def main (x: i32) : i32 = match x
  case 1 -> 2
