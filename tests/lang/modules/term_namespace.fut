-- Modules and values share the term namespace: a function named i64 inside a module shadows the prelude module there.
-- ==
-- input { 5 } output { 105 5i64 106 }

module m = {
  def to_wide (x: i32) : i64 = i64.i32 x
  def i64 (x: i32) : i32 = x + 100
  def f (x: i32) : i32 = i64 x
}

def g (x: i32) : i32 = m.i64 (x + 1)

def main (x: i32) : (i32, i64, i32) = (m.f x, m.to_wide x, g x)
