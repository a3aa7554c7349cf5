-- Nested differentiation: jvp of jvp, vjp of vjp, jvp of vjp (Hessian-vector products), vjp in map, vjp of jvp.
-- ==
-- entry: second_sin
-- input { 0.5 } output { -0.479425538604203 }

entry second_sin (x: f64) : f64 = jvp (\x -> jvp f64.sin x 1) x 1

-- ==
-- entry: rev_rev
-- input { 2.0 } output { 12.0 }

entry rev_rev (x: f64) : f64 = vjp (\x -> vjp (\y -> y * y * y) x 1) x 1

-- ==
-- entry: hvp
-- input { 1.0 2.0 1.0 0.0 } output { 4.0 2.0 }
-- input { 1.0 2.0 0.0 1.0 } output { 2.0 12.0 }

def h ((x, y): (f64, f64)) : f64 = x * x * y + y * y * y

entry hvp (x: f64) (y: f64) (vx: f64) (vy: f64) : (f64, f64) =
  jvp (\p -> vjp h p 1) (x, y) (vx, vy)

-- ==
-- entry: grad_in_map
-- input { [0.0, 1.0, 2.0] } output { [1.0, 0.5403023058681398, -0.4161468365471424] }

entry grad_in_map (xs: []f64) : []f64 = map (\x -> vjp f64.sin x 1) xs

-- ==
-- entry: rev_of_fwd
-- input { 1.5 } output { 6.0 }

entry rev_of_fwd (x: f64) : f64 = vjp (\x -> jvp (\y -> x * y * y) 3 1) x 1
