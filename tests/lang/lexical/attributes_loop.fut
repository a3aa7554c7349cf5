-- Attributes on loops, loop-parameter patterns, lambda parameters and let patterns.
-- ==
-- input { 10i64 } output { 45i64 16i64 46i64 }

def main (n: i64) =
  let a = #[unroll] loop acc = 0 for i < n do acc + i
  let b = #[bound(100)] loop x = 1 while x < n do x * 2
  let c = loop (#[true_dep] acc) = 1 for i < n do acc + i
  let (#[maybe_unused] d) = map (\(#[unused] y) -> y) [a]
  in (d[0], b, c)
