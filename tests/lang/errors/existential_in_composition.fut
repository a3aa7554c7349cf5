-- filter's result has an existential size, new at each call; in a
-- composition it would be the size of the parameter of the next function,
-- which cannot be instantiated for it.
-- ==
-- error: :7:13: Existential size would appear in function parameter of return type

def count = filter (> 0i32) >-> length
