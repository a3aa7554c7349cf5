-- Lambdas: several parameters, tuple/record patterns, return-type annotations, closures, and as the last argument.
-- ==
-- input { [1, 2, 3] 10 } output { [11, 12, 13] [2, 4, 6] [0, 2, 6] 6 [0i64, 2i64, 4i64] [3, 7] 15 }

def main (xs: [3]i32) (k: i32) =
  let add_k = \x -> x + k
  let pairs = zip xs xs
  in ( map add_k xs
     , map (\(a, b) -> a + b) pairs
     , map2 (\x (i: i64) : i32 -> x * i32.i64 i) xs (iota 3)
     , reduce (\a b -> a + b) 0 xs
     , tabulate 3 \i -> i * 2
     , map (\{x, y} -> x + y) [{x = 1, y = 2}, {x = 3, y = 4}]
     , (\a b c -> a * b + c) 2 5 5
     )
