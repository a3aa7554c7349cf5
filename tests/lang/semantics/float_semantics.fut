-- IEEE float semantics: fmod, pow, NaN comparisons, signed zero, min/max ignoring NaN, epsilon.
-- ==
-- input { 5.5 2.0 }
-- output { 1.5 -1.5 1.5 1.4142135623730951 false true false true 1.0 2.0 true true true false }

def main (x: f64) (y: f64) =
  let nan = f64.nan
  in ( x % y
     , -x % y
     , x % -y
     , y ** 0.5
     , nan < 1
     , nan != nan
     , nan == nan
     , 0.0 == -0.0
     , f64.min nan 1
     , f64.max y nan
     , 1 + f64.epsilon > 1
     , 1 + f64.epsilon / 2 == 1
     , f32.isnan (f32.nan + 1)
     , f64.isinf (x / y)
     )
