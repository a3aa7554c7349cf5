-- Result sizes given by argument expressions (iota n, replicate (n*m), user functions) relate statically.
-- ==
-- input { 2i64 3i64 } output { [0i64, 1i64, 2i64, 3i64, 4i64, 5i64] [[0.0, 0.0, 0.0], [0.0, 0.0, 0.0]] [0i64, 1i64, 2i64] 6i64 }

def zeros (n: i64) : [n]f64 = replicate n 0

def main (n: i64) (m: i64) =
  let a = iota (n * m)
  let b = replicate (n * m) 0.0
  let c = unflatten (b :> [n * m]f64) : [n][m]f64
  let d = map2 (\x y -> x + i64.f64 y) a b
  let e = zeros (n + 1)
  let f = map2 (\x y -> x + i64.f64 y) (iota (n + 1)) e
  in (d, c, f, length a)
