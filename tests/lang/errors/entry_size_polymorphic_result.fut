-- An entry point whose result has a size that no parameter has: the
-- caller outside the program would have to choose it.
-- ==
-- error: :6:1: Entry point functions must not be size-polymorphic in their return type

entry main [n] : [0][n]i32 = []
