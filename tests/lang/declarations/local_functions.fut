-- Local function bindings: generalised (used at two types), with type and size parameters, and shadowing.
-- ==
-- input { 3 2.5 } output { 3 2.5 6 5.0 9 3i64 }

def main (x: i32) (y: f64) =
  let ident z = z
  let twice 'a (f: a -> a) (v: a) = f (f v)
  let len [k] 't (_: [k]t) : i64 = k
  let x = ident x
  let sq = x * x
  in (ident x, ident y, twice (+ 3) 0, twice (* 2) (y / 2), sq, len [true, false, true])
