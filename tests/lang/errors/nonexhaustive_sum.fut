-- A match that misses a constructor.
-- ==
-- error: :5:31: Unmatched cases in match expression .*: #b is not covered

def main (x: #a | #b) : i32 = match x
  case #a -> 1
