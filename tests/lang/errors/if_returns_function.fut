-- if cannot return a function.
-- ==
-- error: :5:18: an if expression cannot return a function

def f (x: i32) = if true then (\y -> y) else (\z -> z + x)
