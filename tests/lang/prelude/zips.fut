-- zip, zip3, zip4, unzip, unzip3 and unzip4; arrays of tuples behave like tuples of arrays.
-- ==
-- input { [1, 2] [3.0, 4.0] [true, false] }
-- output { [1, 2] [3.0, 4.0] [1, 2] [3.0, 4.0] [true, false] [4.0, 6.0] [2, 4] [true, false] }

def main [n] (a: [n]i32) (b: [n]f64) (c: [n]bool) =
  let (a1, b1) = unzip (zip a b)
  let (a2, b2, c2) = unzip3 (zip3 a b c)
  let (_, b4, a4, c4) = unzip4 (zip4 a b (map (* 2) a) c)
  in (a1, b1, a2, b2, c2, map2 (+) b4 (map f64.i32 a), a4, c4)
