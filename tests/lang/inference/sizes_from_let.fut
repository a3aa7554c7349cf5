-- i64 values bound by let can be used as sizes in types; results sized by argument expressions agree.
-- ==
-- input { [1.0, 2.0, 3.0] } output { [0, 0, 0] [[1.0, 2.0, 3.0], [1.0, 2.0, 3.0]] 6i64 }

def main [k] (xs: [k]f64) =
  let n = length xs
  let zs : [n]i32 = replicate n 0
  let rows : [2][n]f64 = [xs :> [n]f64, xs :> [n]f64]
  let flat : [2 * n]f64 = flatten rows
  in (zs, rows, length flat)
