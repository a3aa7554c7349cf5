-- Forward mode on special floats: max's and min's tangent selects the
-- tangent of the argument picked (an infinite or NaN tangent of the
-- other does not leak), and gradients by jvp over one-hot seeds keep the
-- IEEE result of the unrewritten program (0 * inf is NaN) while the
-- rewrites after AD make them linear. Expected values by hand.
-- ==
-- entry: dmax
-- input { 2.0 1.0 3.0 f64.inf } output { 3.0 }
-- input { 1.0 2.0 f64.nan 4.0 } output { 4.0 }
-- input { 1.0 f64.nan 5.0 6.0 } output { 5.0 }
-- input { 2.0 2.0 1.0 7.0 } output { 1.0 }

entry dmax (x: f64) (y: f64) (dx: f64) (dy: f64) : f64 =
  jvp (\(a, b) -> f64.max a b) (x, y) (dx, dy)

-- ==
-- entry: dmin
-- input { 1.0 2.0 3.0 f64.inf } output { 3.0 }
-- input { 2.0 1.0 f64.nan 4.0 } output { 4.0 }

entry dmin (x: f64) (y: f64) (dx: f64) (dy: f64) : f64 =
  jvp (\(a, b) -> f64.min a b) (x, y) (dx, dy)

def onehot (n: i64) (i: i64) : [n]f64 = tabulate n (\j -> if i == j then 1 else 0)

-- ==
-- entry: dotg
-- input { [1.0, 2.0, 3.0] [4.0, -5.0, 6.5] } output { [4.0, -5.0, 6.5] }
-- input { [1.0, 2.0, 3.0] [4.0, f64.inf, 6.0] } output { [f64.nan, f64.inf, f64.nan] }
-- input { [1.0, 2.0] [f64.nan, 3.0] } output { [f64.nan, f64.nan] }
-- input { [1.0, 2.0] [f64.inf, -f64.inf] } output { [f64.nan, f64.nan] }
-- input { [1.0] [-f64.inf] } output { [-f64.inf] }
-- input { empty([0]f64) empty([0]f64) } output { empty([0]f64) }

entry dotg [n] (xs: [n]f64) (ys: [n]f64) : [n]f64 =
  tabulate n (\i -> jvp (\v -> f64.sum (map2 (*) v ys)) xs (onehot n i))

-- ==
-- entry: maxg
-- input { [1.0, 7.0, -3.0, 2.0] } output { [0.0, 1.0, 0.0, 0.0] }
-- input { [f64.inf, 1.0] } output { [1.0, 0.0] }
-- input { [1.0, f64.nan, 3.0] } output { [0.0, 0.0, 1.0] }

entry maxg [n] (xs: [n]f64) : [n]f64 =
  tabulate n (\i -> jvp f64.maximum xs (onehot n i))

-- The NNMF loss's gradient by forward mode, on an infinite entry: the
-- rows of the sum that meet it through 0 * inf are NaN.
-- ==
-- entry: lossg
-- input { [1.0, 2.0] [0.5, 1.0, 2.0] [[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]] } output { [-8.0, -2.5, -0.5] }

def loss [m] [n] (u: [m]f64) (v: [n]f64) (a: [m][n]f64) : f64 =
  f64.sum (map2 (\ui ai -> f64.sum (map2 (\vj aij -> let p = ui * vj in f64.log p + aij / p) v ai)) u a)

entry lossg [m] [n] (u: [m]f64) (v: [n]f64) (a: [m][n]f64) : [n]f64 =
  tabulate n (\k -> jvp (\v' -> loss u v' a) v (onehot n k))
