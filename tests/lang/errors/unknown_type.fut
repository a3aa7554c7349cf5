-- A type name that is not bound.
-- ==
-- error: :5:14: unknown type foo

def main (x: foo) = x
