-- A constructor pattern with the wrong number of payloads.
-- ==
-- error: :6:8: .*constructor #some .*takes 1 argument

def f (x: #some i32 | #none) : i32 = match x
  case #some -> 1
  case #none -> 0
