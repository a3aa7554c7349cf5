-- Tuples: construction, nested patterns, projection, unit, and equivalence with records {0, 1}.
-- ==
-- input { 1 2.5 true } output { 2.5 1 true 3 true }

def swap 'a 'b ((x, y): (a, b)) : (b, a) = (y, x)

def main (a: i32) (b: f64) (c: bool) =
  let t : (i32, f64) = (a, b)
  let r : {0: i32, 1: f64} = t
  let ((x, y), z) = ((a, a + 1), c)
  let u : () = ()
  in ((swap t).0, r.0, z && t == {0 = a, 1 = b}, x + y, ((), u) == ((), ()))
