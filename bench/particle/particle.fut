-- Charged particle trajectory (GradBench `particle`): choose the charge
-- offset w so that a particle fired past two charges lands at x = 0. The
-- outer derivative d obj/dw passes through the simulation, which itself uses
-- the inner gradient of the potential; each variant picks forward (f) or
-- reverse (r) mode for the outer and the inner derivative.
-- Expected outputs were computed with the Go oracle in bench/oracle (hand-derived
-- tangents) and agree with GRADBENCH.md's test values.

import "../solver"

def potential (w: f64) (x: [2]f64) : f64 =
  let charge (c0: f64) (c1: f64) = 1 / f64.sqrt ((x[0] - c0) ** 2 + (x[1] - c1) ** 2)
  in charge 10 (10 - w) + charge 10 0

-- The inner gradient of the potential with respect to position.
def grad_r (w: f64) (x: [2]f64) : [2]f64 = vjp (potential w) x 1
def grad_f (w: f64) (x: [2]f64) : [2]f64 = [jvp (potential w) x [1, 0], jvp (potential w) x [0, 1]]

-- Euler steps until the next position would cross the x axis, then
-- interpolate linearly to the axis.
def obj (grad: f64 -> [2]f64 -> [2]f64) (w: f64) : f64 =
  let dt = 0.1
  let (x, v, _) =
    loop (x, v, go) = ([0, 8], [0.75, 0], true) while go do
      let a = map f64.neg (grad w x)
      let xn = map2 (\p q -> p + dt * q) x v
      in if xn[1] > 0 then (xn, map2 (\p q -> p + dt * q) v a, true) else (x, v, false)
  let tf = -x[1] / v[1]
  let xf = x[0] + tf * v[0]
  in xf * xf

def dobj_fwd grad (w: f64) : f64 = jvp (obj grad) w 1
def dobj_rev grad (w: f64) : f64 = vjp (obj grad) w 1

def solve (dobj: f64 -> f64) (w0: f64) : [1]f64 =
  argmin (\w -> obj grad_r w[0]) (\w -> [dobj w[0]]) [w0]

-- ==
-- entry: objective
-- input { 0.0 } output { 3.1990790025082054 }
entry objective (w: f64) : f64 = obj grad_r w

-- ==
-- entry: dobj_ff dobj_fr dobj_rf dobj_rr
-- input { 0.0 } output { -19.404636450028228 }
entry dobj_ff (w: f64) : f64 = dobj_fwd grad_f w
entry dobj_fr (w: f64) : f64 = dobj_fwd grad_r w
entry dobj_rf (w: f64) : f64 = dobj_rev grad_f w
entry dobj_rr (w: f64) : f64 = dobj_rev grad_r w

-- ==
-- entry: ff fr rf rr
-- input { 0.0 } output { [0.2071918746486116] }
entry ff (w0: f64) : [1]f64 = solve (dobj_fwd grad_f) w0
entry fr (w0: f64) : [1]f64 = solve (dobj_fwd grad_r) w0
entry rf (w0: f64) : [1]f64 = solve (dobj_rev grad_f) w0
entry rr (w0: f64) : [1]f64 = solve (dobj_rev grad_r) w0
