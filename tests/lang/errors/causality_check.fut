-- Operands run left to right: length is instantiated with the size of
-- filter's result before filter has run.
-- ==
-- error: :6:31: Causality check: size "[a-z0-9]+" needed for type of "length"

def count (xs: []i32) : i64 = length <| filter (> 0) xs
