-- Saddle point by nested optimisation (GradBench `saddle`): r1 minimises
-- cost1(a) = max_b f(a, b) and r2 maximises f(r1, b), with
-- f(a, b) = |a|^2 - |b|^2. The inner gradient (in b, inside cost1) and the
-- outer one (in a, through the inner solver; and in b for r2) each use
-- forward (f) or reverse (r) mode, as the variant name says.
-- Expected outputs were computed with the Go oracle in bench/oracle and
-- agree with GRADBENCH.md's test value.

import "../solver"

def f (a: [2]f64) (b: [2]f64) : f64 = a[0] * a[0] + a[1] * a[1] - (b[0] * b[0] + b[1] * b[1])

def grad_r (h: [2]f64 -> f64) (x: [2]f64) : [2]f64 = vjp h x 1
def grad_f (h: [2]f64 -> f64) (x: [2]f64) : [2]f64 = [jvp h x [1, 0], jvp h x [0, 1]]

def cost1 (inner: ([2]f64 -> f64) -> [2]f64 -> [2]f64) (s: [2]f64) (a: [2]f64) : f64 =
  f a (argmax (f a) (inner (f a)) s)

def saddle (outer: ([2]f64 -> f64) -> [2]f64 -> [2]f64)
           (inner: ([2]f64 -> f64) -> [2]f64 -> [2]f64) (s: [2]f64) : [2][2]f64 =
  let r1 = argmin (cost1 inner s) (outer (cost1 inner s)) s
  let r2 = argmax (f r1) (outer (f r1)) s
  in [r1, r2]

-- ==
-- entry: dcost_ff dcost_fr dcost_rf dcost_rr
-- input { [1.0, 1.0] [0.5, -0.25] } output { [1.0, -0.5] }
entry dcost_ff (s: [2]f64) (a: [2]f64) : [2]f64 = grad_f (cost1 grad_f s) a
entry dcost_fr (s: [2]f64) (a: [2]f64) : [2]f64 = grad_f (cost1 grad_r s) a
entry dcost_rf (s: [2]f64) (a: [2]f64) : [2]f64 = grad_r (cost1 grad_f s) a
entry dcost_rr (s: [2]f64) (a: [2]f64) : [2]f64 = grad_r (cost1 grad_r s) a

-- ==
-- entry: ff fr rf rr
-- input { [1.0, 1.0] }
-- output { [[8.246324826140356e-06, 8.246324826140356e-06], [8.246324826140356e-06, 8.246324826140356e-06]] }
entry ff (start: [2]f64) : [2][2]f64 = saddle grad_f grad_f start
entry fr (start: [2]f64) : [2][2]f64 = saddle grad_f grad_r start
entry rf (start: [2]f64) : [2][2]f64 = saddle grad_r grad_f start
entry rr (start: [2]f64) : [2][2]f64 = saddle grad_r grad_r start
