-- A match that misses a nested constructor.
-- ==
-- error: :6:24: Unmatched cases in match expression .*: #some #y is not covered

type opt = #some (#x | #y) | #none
def f (o: opt) : i32 = match o
  case #some #x -> 1
  case #none -> 0
