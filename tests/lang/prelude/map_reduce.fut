-- map2..map5, reduce, reduce_comm and scan, including tuple-valued and vectorised operators.
-- ==
-- input { [1, 2, 3] [10, 20, 30] }
-- output { [11, 22, 33] [12, 24, 36] [13, 26, 39] [14, 28, 42] 66 6 [1, 3, 6] [10, 200, 6000] 6 60 [4, 6] }

def main [n] (a: [n]i32) (b: [n]i32) =
  let (s, p) = reduce (\(x1, y1) (x2, y2) -> (x1 + x2, y1 * y2)) (0, 1) (zip a a)
  in ( map2 (+) a b
     , map3 (\x y z -> x + y + z) a b a
     , map4 (\x y z w -> x + y + z + w) a b a a
     , map5 (\x y z w v -> x + y + z + w + v) a b a a a
     , reduce (+) 0 (map2 (+) a b)
     , reduce_comm (*) 1 a
     , scan (+) 0 a
     , scan (*) 1 b
     , s
     , p * 10
     , reduce (map2 (+)) [0, 0] [[1, 2], [3, 4]]
     )
