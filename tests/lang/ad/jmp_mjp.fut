-- Batched derivatives: jmp and mjp equal mapped jvp and vjp; jmp2 and mjp2 also return the primal result.
-- ==
-- entry: jacobian_fwd
-- input { [2.0, 3.0] } output { [[3.0, 1.0], [2.0, 6.0]] [[3.0, 1.0], [2.0, 6.0]] }

def f (x: [2]f64) : [2]f64 = [x[0] * x[1], x[0] + x[1] * x[1]]

def eye : [2][2]f64 = [[1, 0], [0, 1]]

entry jacobian_fwd (x: [2]f64) : ([2][2]f64, [2][2]f64) = (#[unroll] jmp f x (copy eye), map (jvp f x) eye)

-- ==
-- entry: jacobian_rev
-- input { [2.0, 3.0] } output { [[3.0, 2.0], [1.0, 6.0]] [[3.0, 2.0], [1.0, 6.0]] }

entry jacobian_rev (x: [2]f64) : ([2][2]f64, [2][2]f64) = (mjp f x (copy eye), map (vjp f x) eye)

-- ==
-- entry: with_primal
-- input { [2.0, 3.0] } output { [6.0, 11.0] [[3.0, 1.0], [2.0, 6.0]] [6.0, 11.0] [[3.0, 2.0], [1.0, 6.0]] }

entry with_primal (x: [2]f64) =
  let (y1, j) = jmp2 f x (copy eye)
  let (y2, m) = mjp2 f x (copy eye)
  in (y1, j, y2, m)

-- ==
-- entry: scalar_batch
-- input { 0.5 [1.0, 2.0, -1.0] } output { [0.8775825618903728, 1.7551651237807455, -0.8775825618903728] }

entry scalar_batch [n] (x: f64) (dxs: [n]f64) : [n]f64 = jmp f64.sin x dxs
