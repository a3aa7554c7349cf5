-- A small complete program: one k-means step in one dimension, with reduce_by_index for the new centres.
-- ==
-- input { [1.0, 2.0, 9.0, 10.0, 11.0] [0.0, 5.0] } output { [0i64, 0i64, 1i64, 1i64, 1i64] [1.5, 10.0] }
-- input { [1.0, 2.0] [0.0, 100.0] } output { [0i64, 0i64] [1.5, 100.0] }

def closest [k] (cs: [k]f64) (p: f64) : i64 =
  let (best, _) =
    loop (best, bd) = (0, f64.abs (p - cs[0])) for j < k do
      let d = f64.abs (p - cs[j])
      in if d < bd then (j, d) else (best, bd)
  in best

def main [n] [k] (pts: [n]f64) (cs: [k]f64) : ([n]i64, [k]f64) =
  let assign = map (closest cs) pts
  let sums = reduce_by_index (replicate k 0) (+) 0 assign pts
  let counts = reduce_by_index (replicate k 0) (+) 0 assign (replicate n 1i64)
  let centres = map3 (\s c old -> if c == 0 then old else s / f64.i64 c) sums counts cs
  in (assign, centres)
