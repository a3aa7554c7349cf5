-- Reverse and forward AD of a loop that writes an array in place (running products).
-- ==
-- input { [2.0, 3.0, 4.0] [1.0, 1.0, 1.0] } output { [16.0, 10.0, 6.0] 10.0 }

def running [n] (xs: [n]f64) : [n]f64 =
  loop acc = replicate n 1 for i < n do
    let prev = if i == 0 then 1 else acc[i - 1]
    in acc with [i] = prev * xs[i]

entry main [n] (xs: [n]f64) (dy: [n]f64) : ([n]f64, f64) =
  (vjp running xs dy, f64.sum (jvp running xs (map (\i -> if i == 1 then 1 else 0) (iota n))))
