-- with_vjp: custom reverse derivatives get the primal result and the result cotangent; forward mode ignores them.
-- ==
-- entry: custom_rev
-- input { 0.5 2.0 } output { 0.479425538604203 200.0 }

def noisy_sin (x: f64) : f64 = with_vjp f64.sin (\_ dy -> 100 * dy) x

entry custom_rev (x: f64) (dy: f64) : (f64, f64) = (noisy_sin x, vjp noisy_sin x dy)

-- ==
-- entry: custom_fwd
-- input { 0.5 } output { 0.8775825618903728 }

entry custom_fwd (x: f64) : f64 = jvp noisy_sin x 1

-- ==
-- entry: uses_result
-- input { 1.0 } output { 2.718281828459045 2.718281828459045 }

def my_exp (x: f64) : f64 = with_vjp f64.exp (\y dy -> y * dy) x

entry uses_result (x: f64) : (f64, f64) = vjp2 my_exp x 1

-- ==
-- entry: body_not_differentiated
-- input { 3.0 } output { 0.0 9.0 }

def opaque_sq (x: f64) : f64 = with_vjp (\x -> x * x) (\_ _ -> 0) x

entry body_not_differentiated (x: f64) : (f64, f64) = (vjp opaque_sq x 1, opaque_sq x)

-- ==
-- entry: inside_chain
-- input { 2.0 } output { 60.0 }

entry inside_chain (x: f64) : f64 = vjp (\x -> 3 * noisy_sin (x * 0.1)) x 2
