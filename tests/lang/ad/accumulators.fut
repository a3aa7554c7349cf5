-- jvp and vjp through accumulators: hist_stream with + and * and
-- scatter_stream, whose overwritten elements get no derivative.
-- Derivatives by hand: sum of squares gives 2x; the products are
-- v0*v2, v1, v3; the scatter keeps 2*v2 at 0 and 2*v1 at 1.
-- ==
-- entry: grad_sum_squares
-- input { [1.0, 2.0, 3.0, 4.0] } output { [2.0, 4.0, 6.0, 8.0] }
-- ==
-- entry: tangent_sum_squares
-- input { [1.0, 2.0, 3.0, 4.0] [1.0, 0.0, 0.0, 1.0] } output { 10.0 }
-- ==
-- entry: grad_products
-- input { [1.0, 2.0, 3.0, 4.0] } output { [3.0, 1.0, 1.0, 1.0] }
-- ==
-- entry: grad_scatter
-- input { [1.0, 2.0, 3.0, 4.0] } output { [0.0, 20.0, 2.0, 0.0] }
-- ==
-- entry: tangent_scatter
-- input { [1.0, 2.0, 3.0, 4.0] [1.0, 1.0, 1.0, 1.0] } output { [2.0, 2.0, 0.0] }

import "intrinsics"

def sum_squares (vs: [4]f64) : f64 =
  f64.sum (hist_stream (replicate 3 0) (+) 0 (\(acc: *acc ([3]f64)) (i, x) -> acc_write acc i (x * x)) (zip [0, 1, 0, 2] vs))

def products (vs: [4]f64) : [3]f64 =
  hist_stream (replicate 3 1) (*) 1 (\(acc: *acc ([3]f64)) (i, x) -> acc_write acc i x) (zip [0, 1, 0, 2] vs)

def scattered (vs: [4]f64) : [3]f64 =
  scatter_stream (replicate 3 0) (\(acc: *acc ([3]f64)) (i, x) -> acc_write acc i (2 * x)) (zip [0, 1, 0, 5] vs)

entry grad_sum_squares (vs: [4]f64) = vjp sum_squares vs 1
entry tangent_sum_squares (vs: [4]f64) (dv: [4]f64) = jvp sum_squares vs dv
entry grad_products (vs: [4]f64) = vjp products vs [1, 1, 1]
entry grad_scatter (vs: [4]f64) = vjp scattered vs [1, 10, 100]
entry tangent_scatter (vs: [4]f64) (dv: [4]f64) = jvp scattered vs dv

-- The primal functions themselves, for the finite-difference checks.
entry primal_products (vs: [4]f64) = products vs
entry primal_scatter (vs: [4]f64) = scattered vs
