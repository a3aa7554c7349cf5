-- Booleans have boolean tangents; predicates have tangent false and pass no adjoint; non-differentiable integer functions give zero.
-- ==
-- input { 1.0 7u16 } output { false 0.0 true false 0i32 false 0.0 }

def main (x: f64) (u: u16) : (bool, f64, bool, bool, i32, bool, f64) =
  ( jvp (\x -> x > 0) x 1
  , vjp (\x -> x > 0) x true
  , jvp (\b -> !b) true true
  , jvp (\b -> !b) false true
  , jvp u16.popc u 1
  , jvp f64.isnan x 1
  , vjp (\x -> (x * 2 > 1, x * 0)) x (true, 1)
  )
