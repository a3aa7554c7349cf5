-- Operator symbols: maximal munch, '.' inside symbols, and binary minus without spaces.
-- ==
-- input { 7 2 } output { 5 5 true false 9 1 }

def (a: i32) *. (b: i32) : i32 = a * b + 1
def (a: i32) <=> (b: i32) : bool = a == b

def main (x: i32) (y: i32) =
  (x-y, x - y, x != y == true, x<=>y, x*.1 + 1, x%y)
