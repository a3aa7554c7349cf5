-- Applying a value to itself needs an infinite type.
-- ==
-- error: :5:13: Occurs check

def f x = x x
