-- Nested local opens, local open with user-defined operators, and local open of a record-producing module.
-- ==
-- input { 2.0 3.0 } output { 13.0 5.0 10.0 }

module vec = {
  type v = {x: f64, y: f64}
  def (a: v) <+> (b: v) : v = {x = a.x + b.x, y = a.y + b.y}
  def dot (a: v) (b: v) : f64 = a.x * b.x + a.y * b.y
  def mk (x: f64) (y: f64) : v = {x, y}
  module inner = { def twice (x: f64) = 2 * x }
}

def main (a: f64) (b: f64) =
  let p = vec.mk a b
  in ( vec.(dot p p)
     , vec.((p <+> mk 1 0).x + inner.(twice 1))
     , vec.(inner.(twice (a + b)))
     )
