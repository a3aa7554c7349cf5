-- Names with primes and leading underscores, case sensitivity, and types sharing names with terms.
-- ==
-- input { 2 } output { 3 4 5 6 7 2 }

type t = i32
def t : t = 7

def main (x: i32) =
  let x' = x + 1
  let x'' = x' + 1
  let _tmp = x'' + 1
  let _1 = _tmp + 1
  let X = x
  in (x', x'', _tmp, _1, t, X)
