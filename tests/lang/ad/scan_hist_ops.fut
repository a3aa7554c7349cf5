-- Reverse AD of scan with a user-defined associative operator on tuples (affine-map composition) and of hist with * and min.
-- ==
-- entry: affine_scan
-- input { [2.0, 3.0, 4.0] [1.0, 5.0, 7.0] } output { [0.0, 5.0, 8.0] [16.0, 5.0, 1.0] }

def compose (a1: f64, b1: f64) (a2: f64, b2: f64) : (f64, f64) = (a1 * a2, b1 * a2 + b2)

entry affine_scan [n] (as: [n]f64) (bs: [n]f64) : ([n]f64, [n]f64) =
  vjp (\(as, bs) -> f64.sum (map (.1) (scan compose (1, 0) (zip as bs)))) (as, bs) 1

-- ==
-- entry: hist_mul
-- input { [2.0, 3.0, 5.0] } output { [3.0, 2.0, 1.0] }

entry hist_mul (vs: [3]f64) : [3]f64 = vjp (\vs -> hist (*) 1 2 [0, 0, 1] vs) vs [1, 1]

-- ==
-- entry: hist_min
-- input { [4.0, 2.0, 2.0, 9.0] } output { [0.0, 1.0, 10.0, 0.0] }

entry hist_min (vs: [4]f64) : [4]f64 = vjp (\vs -> hist f64.min f64.inf 2 [0, 0, 1, 1] vs) vs [1, 10]
