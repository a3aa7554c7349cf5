-- Linear least squares (GradBench `llsq`): fit a polynomial with
-- coefficients x to sign(t) on n points of [-1, 1]; primal is half the
-- squared residual and gradient its reverse derivative with respect to x.
-- Expected outputs: GRADBENCH.md's test vector and values computed with the
-- Go oracle in bench/oracle.

def llsq_primal [m] (x: [m]f64) (n: i64) : f64 =
  let residual i =
    let t = -1 + 2 * f64.i64 i / f64.i64 (n - 1)
    -- Powers of t by repeated multiplication, as the definition asks.
    let (poly, _) = loop (acc, p) = (0, 1) for j < m do (acc + x[j] * p, p * t)
    in f64.sgn t - poly
  in 0.5 * f64.sum (map (\i -> let r = residual i in r * r) (iota n))

-- ==
-- entry: primal
-- input { [1.0, 2.0, 3.0] 4i64 } output { 18.88888888888889 }
-- input { [0.5, -0.25] 3i64 } output { 1.9375 }
-- "n=16,m=128" notest random input { [128]f64 16i64 }
-- "n=1024,m=128" notest random input { [128]f64 1024i64 }
-- "n=16392,m=128" notest random input { [128]f64 16392i64 }

entry primal [m] (x: [m]f64) (n: i64) : f64 = llsq_primal x n

-- ==
-- entry: gradient
-- input { [1.0, 2.0, 3.0] 4i64 }
-- output { [10.666666666666668, 1.7777777777777772, 8.296296296296296] }
-- input { [0.5, -0.25] 3i64 } output { [1.5, -2.5] }
-- "n=16,m=128" notest random input { [128]f64 16i64 }
-- "n=1024,m=128" notest random input { [128]f64 1024i64 }
-- "n=16392,m=128" notest random input { [128]f64 16392i64 }

entry gradient [m] (x: [m]f64) (n: i64) : [m]f64 = vjp (\x' -> llsq_primal x' n) x 1.0
