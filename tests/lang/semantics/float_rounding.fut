-- Rounding functions: round ties to even, floor, ceil and trunc on negative values.
-- ==
-- input { [2.5, 3.5, -2.5, -1.5, 0.4, -1.7] }
-- output { [2.0, 4.0, -2.0, -2.0, 0.0, -2.0] [2.0, 3.0, -3.0, -2.0, 0.0, -2.0] [3.0, 4.0, -2.0, -1.0, 1.0, -1.0] [2.0, 3.0, -2.0, -1.0, 0.0, -1.0] }

def main (xs: []f64) =
  (map f64.round xs, map f64.floor xs, map f64.ceil xs, map f64.trunc xs)
