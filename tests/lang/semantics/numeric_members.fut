-- Members of numeric modules: abs, sgn, min, max, highest, lowest, neg, and the reductions on empty arrays.
-- ==
-- input { -7 empty([0]i32) [3.0, -1.0, 2.0] }
-- output { 7 -1 -7 -7 7 2147483647 -2147483648 -2147483648 0 1 -2147483648 2147483647 -1.0 3.0 -6.0 -f64.inf 255u8 1u8 }

def main (x: i32) (e: []i32) (fs: []f64) =
  ( i32.abs x
  , i32.sgn x
  , i32.min x 0
  , i32.max x (-8)
  , i32.neg x
  , i32.highest
  , i32.lowest
  , i32.abs i32.lowest
  , i32.sum e
  , i32.product e
  , i32.maximum e
  , i32.minimum e
  , f64.minimum fs
  , f64.maximum fs
  , f64.product fs
  , f64.lowest
  , u8.highest
  , u8.sgn 5
  )
