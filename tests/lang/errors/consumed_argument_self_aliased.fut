-- A tuple passed for a consuming parameter may not hold one array twice.
-- ==
-- error: :9:8: Argument passed for consuming parameter is self-aliased

def g (t: *([]i64, []i64)) = length t.0

def f (n: i64) =
  let x = iota n
  in g (x, x)
