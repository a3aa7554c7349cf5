-- An existential size must be the size of some array of the value,
-- outside function types: here n is only in a function's result, so
-- nothing carries it at run time.
-- ==
-- error: :7:17: Existential size "n" not used as array size

type^ maker = ?[n].bool -> [n]bool

def main (b: bool) = b
