-- The special cases of the derivative of x ** y at x = 0 and x < 0 (LANGUAGE.md §14.4) produce no NaN.
-- ==
-- input { 0.0 2.0 } output { 0.0 0.0 }
-- input { 0.0 0.5 } output { 0.0 0.0 }
-- input { -2.0 3.0 } output { 12.0 0.0 }
-- input { 2.0 3.0 } output { 12.0 5.545177444479562 }

def main (x: f64) (y: f64) : (f64, f64) =
  vjp (\(a, b) -> a ** b) (x, y) 1
