-- Top-level and local function definitions are generalised; overloaded-only definitions default to i32.
-- ==
-- input { 3 2.5 } output { 3 2.5 true [1, 2] 9 }

def ident x = x
def first 'a 'b ((x, _): (a, b)) : a = x
def sq x = x * x

def main (x: i32) (y: f64) =
  let pair v = (v, v)
  let (p, _) = pair y
  in (ident x, p, first (ident true, 1), first ([1, 2], 3.0), sq x)
