-- Juxtaposition application: currying, partial application, application binding tighter than operators.
-- ==
-- input { 2 3 } output { 13 [7, 8] 6 5 -6 }

def f (a: i32) (b: i32) (c: i32) = a * b + c

def main (x: i32) (y: i32) =
  let g = f x
  let h = g y
  in (h 7, map (f 1 2) [5, 6], f x x x + f 0 0 2 - 2, i32.max x y + i32.min x y, -f x y 0)
