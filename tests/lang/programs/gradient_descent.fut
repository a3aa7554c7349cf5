-- A small complete program: least-squares fitting by gradient descent, with vjp inside a loop.
-- ==
-- input { [1.0, 2.0, 3.0] [2.0, 4.1, 5.9] 3 } output { 2.1204 }
-- input { [1.0, 2.0, 3.0] [2.0, 4.1, 5.9] 0 } output { 0.0 }

def loss [n] (xs: [n]f64) (ys: [n]f64) (w: f64) : f64 =
  f64.sum (map2 (\x y -> (w * x - y) ** 2) xs ys)

def main [n] (xs: [n]f64) (ys: [n]f64) (steps: i32) : f64 =
  loop w = 0 for _i < steps do w - 0.05 * vjp (loss xs ys) w 1
