-- Applying a function to more arguments than it takes.
-- ==
-- error: :6:16: f is applied to too many arguments

def f (x: i32) = x
def main = f 1 2
