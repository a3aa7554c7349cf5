-- if branches returning arrays of different sizes give a result of unknown size.
-- ==
-- input { true [1, 2, 3] [4, 5] } output { [1, 2, 3] 3i64 }
-- input { false [1, 2, 3] [4, 5] } output { [4, 5] 2i64 }

def main [n] [m] (b: bool) (xs: [n]i32) (ys: [m]i32) =
  let zs = if b then xs else ys
  in (zs, length zs)
