-- Branches of a match with different types.
-- ==
-- error: :7:13: .*cannot unify i32 with bool in match case

def main (x: i32) = match x
  case 0 -> 1i32
  case _ -> true
