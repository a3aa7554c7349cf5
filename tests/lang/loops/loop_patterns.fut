-- Loop parameters with type ascriptions, record patterns and nested tuples.
-- ==
-- input { [1.5, 2.5] } output { 4.0 2 2 3 6 }

def main (xs: []f64) =
  let (s, c) = loop (s: f64, c: i32) = (0, 0) for x in xs do (s + x, c + 1)
  let {a, b} = loop {a, b} = {a = 0, b = 1} for _i < 3 do {a = b, b = a + b}
  let (p, (q, r)) = loop (p, (q, r)) = (1, (2, 3)) for _i < 1 do (q * r, (p, r))
  in (s, c, a, b, p + q + r - 4)
