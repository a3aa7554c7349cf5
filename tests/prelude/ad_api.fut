-- The derivative helpers of prelude/ad.fut: grad, grad2, deriv, deriv2,
-- jacfwd, jacrev, hvp and hessian. Expected values are the closed-form
-- derivatives noted beside each case, worked out by hand; the entries
-- that compute one Jacobian both ways must agree with each other.

-- f(x, y) = x (x + y): 300 and (2x + y, x) = (37, 12) at (12, 13).
-- ==
-- entry: grad_pair
-- input { 12.0 13.0 } output { 300.0 37.0 12.0 37.0 12.0 }
entry grad_pair (x: f64) (y: f64) : (f64, f64, f64, f64, f64) =
  let f (a, b) = a * (a + b)
  let (v, (gx, gy)) = grad2 f (x, y)
  let (hx, hy) = grad f (x, y)
  in (v, gx, gy, hx, hy)

-- The gradient of a dot product with respect to its first vector is the
-- second vector.
-- ==
-- entry: grad_dot
-- input { [1.0, 2.0, 3.0] [4.0, -5.0, 0.5] } output { [4.0, -5.0, 0.5] }
-- input { empty([0]f64) empty([0]f64) } output { empty([0]f64) }
entry grad_dot [n] (xs: [n]f64) (ys: [n]f64) : [n]f64 =
  grad (\v -> f64.sum (map2 (*) v ys)) xs

-- 6x^3 - 4x^2 - x is 30 at 2, with derivative 18x^2 - 8x - 1 = 55; the
-- derivative of t -> [t^2, 3t, e^t] is [2t, 3, e^t].
-- ==
-- entry: deriv_scalar
-- input { 2.0 } output { 30.0 55.0 55.0 [4.0, 3.0, 7.38905609893065] }
entry deriv_scalar (x: f64) : (f64, f64, f64, [3]f64) =
  let p t = 6 * t * t * t - 4 * t * t - t
  let (v, d) = deriv2 p x
  in (v, d, deriv p x, deriv (\t -> [t * t, 3 * t, f64.exp t]) x)

-- g(x) = [x0 x1, sin x2 + x0]: J = [[x1, x0, 0], [1, 0, cos x2]].
-- ==
-- entry: jacobians
-- input { [1.0, 2.0, 3.0] }
-- output { [[2.0, 1.0, 0.0], [1.0, 0.0, -0.9899924966004454]]
--          [[2.0, 1.0, 0.0], [1.0, 0.0, -0.9899924966004454]] }
-- input { [0.5, -1.0, 0.0] }
-- output { [[-1.0, 0.5, 0.0], [1.0, 0.0, 1.0]]
--          [[-1.0, 0.5, 0.0], [1.0, 0.0, 1.0]] }
entry jacobians (x: [3]f64) : ([2][3]f64, [2][3]f64) =
  let g (x: [3]f64) : [2]f64 = [x[0] * x[1], f64.sin x[2] + x[0]]
  in (jacfwd g x, jacrev g x)

-- A Jacobian of n inputs and m results by both modes, rows by columns:
-- y_i = x_i * c + sum x, so J = c I + 1.
-- ==
-- entry: jacobians_square
-- input { [1.0, 2.0] 3.0 } output { [[4.0, 1.0], [1.0, 4.0]] [[4.0, 1.0], [1.0, 4.0]] }
-- input { empty([0]f64) 3.0 } output { empty([0][0]f64) empty([0][0]f64) }
entry jacobians_square [n] (xs: [n]f64) (c: f64) : ([n][n]f64, [n][n]f64) =
  let f (v: [n]f64) : [n]f64 = let s = f64.sum v in map (\x -> x * c + s) v
  in (jacfwd f xs, jacrev f xs)

-- jacrev of a function of a tuple: f(a, v) = [a v0, a + v1^2] has rows
-- (v0, [a, 0]) and (1, [0, 2 v1]).
-- ==
-- entry: jacrev_tuple
-- input { 2.0 [3.0, 4.0] } output { [3.0, 1.0] [[2.0, 0.0], [0.0, 8.0]] }
entry jacrev_tuple (a: f64) (v: [2]f64) : ([2]f64, [2][2]f64) =
  unzip (jacrev (\(a: f64, v: [2]f64) -> [a * v[0], a + v[1] * v[1]] :> [2]f64) (a, v))

-- h = x0 x1 x2 + x0^2 has Hessian [[2, x2, x1], [x2, 0, x0], [x1, x0, 0]];
-- at (1, 2, 3) its product with [1, -1, 2] is [3, 5, 1].
-- ==
-- entry: second_order
-- input { [1.0, 2.0, 3.0] [1.0, -1.0, 2.0] }
-- output { [[2.0, 3.0, 2.0], [3.0, 0.0, 1.0], [2.0, 1.0, 0.0]] [3.0, 5.0, 1.0] }
entry second_order (x: [3]f64) (v: [3]f64) : ([3][3]f64, [3]f64) =
  let h (x: [3]f64) = x[0] * x[1] * x[2] + x[0] * x[0]
  in (hessian h x, hvp h x v)
