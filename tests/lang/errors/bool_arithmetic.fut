-- Arithmetic on booleans.
-- ==
-- error: :5:22: .*cannot unify bool with a numeric type .*in the left operand of \+

def main (x: bool) = x + x
