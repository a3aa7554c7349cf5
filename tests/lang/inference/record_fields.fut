-- Field projections on values whose record type is only known after later unification in the same declaration.
-- ==
-- input { [1, 2, 3] } output { [3, 6, 9] 6 [2, 3, 4] }

def main (xs: []i32) =
  let get_a = \r -> r.a
  let rs = map (\x -> {a = x, b = x * 2}) xs
  let sums = map (\r -> r.a + r.b) rs
  let firsts = map get_a rs
  let t = (\p -> p.1 + 1)
  in (sums, i32.sum firsts, map (\x -> t (x, x)) xs)
