-- A parametric type used without its argument.
-- ==
-- error: :6:14: type pair takes 1 argument, but is given 0

type pair 'a = (a, a)
def main (x: pair) = x
