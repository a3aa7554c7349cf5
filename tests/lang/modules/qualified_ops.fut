-- Qualified operators used infix, as (M.op), and in left and right sections; fixity of the bare symbol.
-- ==
-- input { 3.0 4.0 } output { 19.0 [6.0, 8.0] [1.0, 2.0] 7.0 true 64i32 }

module ops = {
  def (a: f64) <+> (b: f64) : f64 = a + 2 * b
}

def main (x: f64) (y: f64) =
  ( x f64.+ y f64.* 4
  , map (f64.* 2) [x, y]
  , map (4 f64./) [y, x - 1]
  , reduce (f64.+) 0 [x, y]
  , x ops.<+> y == 11
  , 2 i32.** 3 i32.** 2
  )
