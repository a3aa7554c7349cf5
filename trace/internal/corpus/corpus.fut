-- The functions of the trace package's test corpus, written in Fluxion.
-- Every entry takes the same flat parameter vector x as the Go version
-- (trace/internal/corpus), followed by the constant data, and each
-- "grad_" entry returns the gradient in x by the compiler's vjp.

def dot [m] (x: [m]f64) : f64 =
  let n = m / 2
  let a = x[0:n] :> [n]f64
  let b = x[n:2 * n] :> [n]f64
  in f64.sum (map2 (*) a b)

entry dot_value [m] (x: [m]f64) : f64 = dot x
entry dot_grad [m] (x: [m]f64) : [m]f64 = vjp dot x 1.0

-- sum of sin (W v) for a rows x cols matrix W, x = W ++ v.
def matvec [m] (rows: i64) (cols: i64) (x: [m]f64) : f64 =
  let w = unflatten (x[0:rows * cols] :> [rows * cols]f64) :> [rows][cols]f64
  let v = x[rows * cols:rows * cols + cols] :> [cols]f64
  in f64.sum (map (\r -> f64.sin (f64.sum (map2 (*) r v))) w)

entry matvec_value [m] (x: [m]f64) (rows: i64) (cols: i64) : f64 = matvec rows cols x
entry matvec_grad [m] (x: [m]f64) (rows: i64) (cols: i64) : [m]f64 = vjp (matvec rows cols) x 1.0

def lse [k] (v: [k]f64) : f64 =
  let a = f64.maximum v
  in a + f64.log (f64.sum (map (\z -> f64.exp (z - a)) v))

-- Two-layer perceptron with tanh and softmax cross-entropy, averaged over
-- the samples; x = W1 ++ b1 ++ W2 ++ b2, ys one-hot.
def mlp [m] [n] [d] [c] (h: i64) (xs: [n][d]f64) (ys: [n][c]f64) (x: [m]f64) : f64 =
  let o1 = h * d
  let o2 = o1 + h
  let o3 = o2 + c * h
  let w1 = unflatten (x[0:o1] :> [h * d]f64) :> [h][d]f64
  let b1 = x[o1:o2] :> [h]f64
  let w2 = unflatten (x[o2:o3] :> [c * h]f64) :> [c][h]f64
  let b2 = x[o3:o3 + c] :> [c]f64
  let loss xi yi =
    let hid = map2 (\r b -> f64.tanh (f64.sum (map2 (*) r xi) + b)) w1 b1
    let logits = map2 (\r b -> f64.sum (map2 (*) r hid) + b) w2 b2
    in lse logits - f64.sum (map2 (*) yi logits)
  in f64.sum (map2 loss xs ys) / f64.i64 n

entry mlp_value [m] [n] [d] [c] (x: [m]f64) (h: i64) (xs: [n][d]f64) (ys: [n][c]f64) : f64 = mlp h xs ys x
entry mlp_grad [m] [n] [d] [c] (x: [m]f64) (h: i64) (xs: [n][d]f64) (ys: [n][c]f64) : [m]f64 =
  vjp (mlp h xs ys) x 1.0

entry lse_value [m] (x: [m]f64) : f64 = lse x
entry lse_grad [m] (x: [m]f64) : [m]f64 = vjp lse x 1.0

-- k-means cost of the points for k centroids of dimension d, x = the
-- centroids row by row.
def kmeans [m] [n] [d] (k: i64) (points: [n][d]f64) (x: [m]f64) : f64 =
  let cs = unflatten (x :> [k * d]f64) :> [k][d]f64
  let sqdist p c = f64.sum (map2 (\a b -> (a - b) * (a - b)) p c)
  in f64.sum (map (\p -> f64.minimum (map (sqdist p) cs)) points)

entry kmeans_value [m] [n] [d] (x: [m]f64) (k: i64) (points: [n][d]f64) : f64 = kmeans k points x
entry kmeans_grad [m] [n] [d] (x: [m]f64) (k: i64) (points: [n][d]f64) : [m]f64 = vjp (kmeans k points) x 1.0

-- Bouncing particles: x = g ++ e ++ the initial velocities; every particle
-- falls from its height under gravity g for steps steps of dt, and
-- bounces off the ground with restitution e. The loss is the sum of the
-- final heights squared.
def particles [m] [n] (steps: i64) (dt: f64) (heights: [n]f64) (x: [m]f64) : f64 =
  let g = x[0]
  let e = x[1]
  let v0 = x[2:2 + n] :> [n]f64
  let final p v =
    let (p, _) =
      loop (p, v) = (p, v) for _i < steps do
        let v = v - g * dt
        let p = p + v * dt
        in if p < 0 then (-p, -(e * v)) else (p, v)
    in p * p
  in f64.sum (map2 final heights v0)

entry particles_value [m] [n] (x: [m]f64) (steps: i64) (dt: f64) (heights: [n]f64) : f64 =
  particles steps dt heights x
entry particles_grad [m] [n] (x: [m]f64) (steps: i64) (dt: f64) (heights: [n]f64) : [m]f64 =
  vjp (particles steps dt heights) x 1.0
