-- Backtick infix application of plain and qualified names, with its low precedence and left associativity.
-- ==
-- input { 3 7 5 } output { 7 3 10 7 7 7 }

def max3 (a: i32) (b: i32) = i32.max a b

def main (x: i32) (y: i32) (z: i32) =
  ( x `max3` y
  , x `i32.min` y
  , x + y `i32.max` z
  , x `max3` y `max3` z
  , reduce (\a b -> a `i32.max` b) 0 [x, y, z]
  , y `max3` x |> (* 2)
  )
