-- An operator starting with '!' is an infix comparison-level operator, never prefix negation.
-- ==
-- input { 4 5 } output { true false true }

def (a: i32) !< (b: i32) : bool = !(a < b)

def main (x: i32) (y: i32) =
  (y !< x, x + 1 !< y + 1, !(x !< y))
