-- Unconstrained integer literals default to i32 and decimal ones to f64, per top-level declaration.
-- ==
-- input { 2.0f32 } output { 10 6.283 5.0f32 [1i64, 2i64, 3i64, 4i64, 5i64] 2147483647 1e300 }

def n = 10
def pi2 = 6.283
def f (x: f32) = x * 2 + 1
def big = 2147483647
def huge = 1e300

def main (x: f32) = (n, pi2, f x, map (+ 1) (iota 5), big, huge)
