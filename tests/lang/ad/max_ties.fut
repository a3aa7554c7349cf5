-- Ties in max and min send the whole derivative to the first argument.
-- ==
-- input { 2.0 2.0 } output { 1.0 0.0 1.0 0.0 1.0 }
-- input { 1.0 2.0 } output { 0.0 1.0 1.0 0.0 0.0 }
-- input { 3.0 2.0 } output { 1.0 0.0 0.0 1.0 1.0 }

def main (x: f64) (y: f64) : (f64, f64, f64, f64, f64) =
  let (mx, my) = vjp (\(a, b) -> f64.max a b) (x, y) 1
  let (nx, ny) = vjp (\(a, b) -> f64.min a b) (x, y) 1
  in (mx, my, nx, ny, jvp (\(a, b) -> f64.max a b) (x, y) (1, 0))
