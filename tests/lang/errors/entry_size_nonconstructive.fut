-- An entry point's size parameter used only inside a size expression
-- would have to be solved for from the argument's shape.
-- ==
-- error: :6:1: Entry point size parameter \[x\] only used non-constructively

entry main [x] (A: [x+1]i32) : i32 = A[x]
