-- Classic RK4 solution of y' = F(y), F(y)_0 = x_0, F(y)_i = x_i * y_(i-1),
-- over [0, 2] in s steps from y = 0 (GradBench `ode`), and the gradient of
-- the last component of the solution with respect to x by reverse-mode AD.
-- Expected outputs: GRADBENCH.md's test vector and values computed with the
-- Go oracle in bench/oracle (hand-written RK4 and its adjoint).

-- rotate brings y_(i-1) to position i; position 0 uses x_0 alone.
def rhs [n] (x: [n]f64) (y: [n]f64) : [n]f64 =
  map3 (\i xi yprev -> if i == 0 then xi else xi * yprev) (iota n) x (rotate (-1) y)

def axpy [n] (a: f64) (u: [n]f64) (v: [n]f64) : [n]f64 = map2 (\p q -> p + a * q) v u

def rk4 [n] (x: [n]f64) (s: i64) : [n]f64 =
  let h = 2 / f64.i64 s
  in loop y = replicate n 0 for _i < s do
       let k1 = rhs x y
       let k2 = rhs x (axpy (h / 2) k1 y)
       let k3 = rhs x (axpy (h / 2) k2 y)
       let k4 = rhs x (axpy h k3 y)
       in map5 (\yi a b c d -> yi + h * (a + 2 * b + 2 * c + d) / 6) y k1 k2 k3 k4

-- ==
-- entry: primal
-- input { [0.5, 1.0, 2.0] 2i64 } output { [1.0, 1.0, 1.3333333333333335] }
-- input { [0.9, 0.8, 0.7, 0.6, 0.5, 0.4] 3i64 }
-- output { [1.7999999999999998, 1.4400000000000002, 0.6719999999999999, 0.20159999999999992, 0.0398222222222222, 0.005088395061728393] }
-- "n=1000,s=10" notest random input { [1000]f64 10i64 }
-- "n=10000,s=100" notest random input { [10000]f64 100i64 }
-- "n=100000,s=100" notest random input { [100000]f64 100i64 }

entry primal [n] (x: [n]f64) (s: i64) : [n]f64 = rk4 x s

-- ==
-- entry: gradient
-- input { [0.5, 1.0, 2.0] 2i64 }
-- output { [2.6666666666666665, 1.3333333333333333, 0.6666666666666666] }
-- "n=1000,s=10" notest random input { [1000]f64 10i64 }
-- "n=10000,s=100" notest random input { [10000]f64 100i64 }
-- "n=100000,s=100" notest random input { [100000]f64 100i64 }

entry gradient [n] (x: [n]f64) (s: i64) : [n]f64 =
  vjp (\x' -> (rk4 x' s)[n - 1]) x 1.0
