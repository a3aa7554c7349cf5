-- A non-lifted type parameter instantiated with a function.
-- ==
-- error: :6:17: .*non-lifted type parameter

def app 'a (f: a) : a = f
def main = app (\x -> x + 1i32)
