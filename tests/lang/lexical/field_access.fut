-- Numeric and named field projection, chained projections such as t.0.1, and projection after ')'.
-- ==
-- input { 1 2 3 } output { 2 3 1 5 3 }

def main (a: i32) (b: i32) (c: i32) =
  let t = ((a, b), c)
  let r = {x = {y = a + b + c}, z = t}
  in (t.0.1, t.1, (id t).0.0, r.x.y - r.z.0.0, (r.z).1)
