-- A small complete program: Newton's method for square roots, taking the derivative with jvp.
-- ==
-- input { 2.0 4 } output { 1.4142135623746899 }
-- input { 9.0 6 } output { 3.0 }

def newton (f: f64 -> f64) (x0: f64) (steps: i32) : f64 =
  loop x = x0 for _i < steps do x - f x / jvp f x 1

def main (a: f64) (steps: i32) : f64 = newton (\x -> x * x - a) 1 steps
