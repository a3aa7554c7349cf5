-- Logical operators: && and || short-circuit, so guarded indexing is safe; ! on booleans; ordering on bool.
-- ==
-- input { [5, -1] 2i64 } output { false true false false true true }
-- input { [5, -1] 0i64 } output { true true true true true true }
-- input { [5, -1] 1i64 } output { false false false true true true }

def main (xs: []i32) (i: i64) =
  ( i < length xs && xs[i] > 0
  , i >= length xs || xs[i] > 0
  , !(i >= length xs) && xs[i] > 0
  , !(i >= length xs) || false
  , false < true
  , true >= true && !false
  )
