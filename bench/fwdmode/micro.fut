-- The micro benchmarks of forward-mode differentiation (the dF~ paper's
-- section 6), each against the baseline it should match once the
-- rewrites after AD have run (with or without --fast-math; see
-- docs/BENCHMARKS.md). Entry points come in pairs X_f (the baseline) and
-- X_g (the derivative by forward mode, or by reverse mode over one-hot
-- output seeds for smulrev), so that bench/scripts/adratio prints
-- X_g / X_f at n and 8n:
--
--   dot:     the gradient of a dot product w.r.t. its first vector, by
--            jvp over the n one-hot seeds, against vjp;
--   max:     the gradient of the maximum of a vector, likewise;
--   add:     the n x n Jacobian of vector addition w.r.t. the first
--            vector, by jvp over one-hot seeds, against building the
--            n x n identity;
--   smul:    the derivative of a vector times a scalar w.r.t. the
--            scalar, by one jvp, against the product itself;
--   smulrev: the same n x 1 Jacobian by vjp over the n one-hot output
--            seeds, against the product.

def onehot (n: i64) (i: i64) : [n]f64 = tabulate n (\j -> if i == j then 1 else 0)

def dot [n] (xs: [n]f64) (ys: [n]f64) : f64 = f64.sum (map2 (*) xs ys)

entry dot_f [n] (xs: [n]f64) (ys: [n]f64) : [n]f64 = vjp (\v -> dot v ys) xs 1

entry dot_g [n] (xs: [n]f64) (ys: [n]f64) : [n]f64 =
  tabulate n (\i -> jvp (\v -> dot v ys) xs (onehot n i))

entry max_f [n] (xs: [n]f64) : [n]f64 = vjp f64.maximum xs 1

entry max_g [n] (xs: [n]f64) : [n]f64 =
  tabulate n (\i -> jvp f64.maximum xs (onehot n i))

entry add_f [n] (_xs: [n]f64) (_ys: [n]f64) : [n][n]f64 = tabulate n (onehot n)

entry add_g [n] (xs: [n]f64) (ys: [n]f64) : [n][n]f64 =
  transpose (tabulate n (\i -> jvp (\v -> map2 (+) v ys) xs (onehot n i)))

entry smul_f [n] (xs: [n]f64) (a: f64) : [n]f64 = map (* a) xs

entry smul_g [n] (xs: [n]f64) (a: f64) : [n]f64 = jvp (\s -> map (* s) xs) a 1

entry smulrev_f [n] (xs: [n]f64) (a: f64) : [n]f64 = map (* a) xs

entry smulrev_g [n] (xs: [n]f64) (a: f64) : [n]f64 =
  tabulate n (\i -> vjp (\s -> map (* s) xs) a (onehot n i))

-- Hand-derived results: d(x.y)/dx = y; d max/dx is one at the (first)
-- maximum; the Jacobian of x + y w.r.t. x is the identity; d(a x)/da = x.
-- ==
-- entry: dot_f dot_g
-- input { [1.0, 2.0, 3.0] [4.0, -5.0, 6.5] } output { [4.0, -5.0, 6.5] }
-- "n" notest random input { [100000]f64 [100000]f64 }
-- "8n" notest random input { [800000]f64 [800000]f64 }
-- ==
-- entry: max_f max_g
-- input { [1.0, 7.0, -3.0, 2.0] } output { [0.0, 1.0, 0.0, 0.0] }
-- input { [-2.0] } output { [1.0] }
-- "n" notest random input { [100000]f64 }
-- "8n" notest random input { [800000]f64 }
-- ==
-- entry: add_f add_g
-- input { [1.0, 2.0, 3.0] [4.0, 5.0, 6.0] }
-- output { [[1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]] }
-- "n" notest random input { [2000]f64 [2000]f64 }
-- ==
-- entry: smul_g smulrev_g
-- input { [1.0, -2.0, 3.5] 4.0 } output { [1.0, -2.0, 3.5] }
-- ==
-- entry: smul_f smulrev_f
-- input { [1.0, -2.0, 3.5] 4.0 } output { [4.0, -8.0, 14.0] }
-- ==
-- entry: smul_f smul_g smulrev_f smulrev_g
-- "n" notest random input { [100000]f64 0.5f64 }
-- "8n" notest random input { [800000]f64 0.5f64 }
