-- jvp, jvp2, vjp and vjp2 on scalar functions of f64 and f32 (values from oracle/ad_oracle.py).
-- ==
-- entry: dsin
-- input { 0.5 } output { 0.8775825618903728 }
-- input { 0.0 } output { 1.0 }

entry dsin (x: f64) : f64 = jvp f64.sin x 1

-- ==
-- entry: dpoly
-- input { 2.0 1.5 } output { 7.5 }

entry dpoly (x: f64) (dx: f64) : f64 = jvp (\x -> x ** 3 - 2 * x * x + x) x dx

-- ==
-- entry: dpoly2
-- input { 2.0 1.5 } output { 2.0 7.5 }

entry dpoly2 (x: f64) (dx: f64) : (f64, f64) = jvp2 (\x -> x ** 3 - 2 * x * x + x) x dx

-- ==
-- entry: dexp32
-- input { 1.0f32 2.0f32 } output { 5.4365636f32 }

entry dexp32 (x: f32) (dx: f32) : f32 = jvp f32.exp x dx

-- ==
-- entry: grad_xexp
-- input { 1.0 } output { 5.43656365691809 }
-- input { 0.0 } output { 1.0 }

entry grad_xexp (x: f64) : f64 = vjp (\x -> x * f64.exp x) x 1

-- ==
-- entry: vjp2_log
-- input { 2.0 3.0 } output { 0.6931471805599453 1.5 }

entry vjp2_log (x: f64) (dy: f64) : (f64, f64) = vjp2 f64.log x dy

-- ==
-- entry: grad_sqrt32
-- input { 4.0f32 } output { 0.25f32 }

entry grad_sqrt32 (x: f32) : f32 = vjp f32.sqrt x 1
