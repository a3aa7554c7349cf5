-- Members of the real and float module types: math functions, constants, recip, from_fraction, lerp, fma, ldexp, copysign.
-- ==
-- input { 2.0 }
-- output { 1.4142135623730951 7.38905609893065 0.6931471805599453 1.0 3.141592653589793 2.718281828459045 0.5 0.75 4.0 7.0 8.0 -2.0 1.2599210498948732 5.0 }

def main (x: f64) =
  ( f64.sqrt x
  , f64.exp x
  , f64.log x
  , f64.log2 x
  , f64.pi
  , f64.e
  , f64.recip x
  , f64.from_fraction 3 4
  , f64.lerp 2 6 (x / 4)
  , f64.fma x 3 1
  , f64.ldexp 1 3
  , f64.copysign x (-1)
  , f64.cbrt x
  , f64.hypot 3 4
  )
