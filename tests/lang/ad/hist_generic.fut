-- Reverse AD of reduce_by_index with the generic rule: tuple operators (not commutative), operators with free variables, rows, out-of-range indices, empty buckets.
-- ==
-- entry: affine
-- input { [2.0, 3.0, 4.0, 5.0, 1.0] [1.0, 0.0, 2.0, 7.0, 3.0] [1.0, 1.0] [1.0, 1.0] }
-- output { [4.0, 1.0, 3.0, 0.0, 14.0] [4.0, 1.0, 1.0, 0.0, 1.0] }

-- Composition of affine maps y -> a*y + b, in index order within each bucket.
entry affine (a: [5]f64) (b: [5]f64) (ya: [2]f64) (yb: [2]f64) : ([5]f64, [5]f64) =
  vjp (\(a, b) -> unzip (hist (\(a1, b1) (a2, b2) -> (a1 * a2, b1 * a2 + b2)) (1, 0) 2 [0, 1, 0, 5, 0] (zip a b)))
      (a, b) (ya, yb)

-- ==
-- entry: free_scalar
-- input { [1.0, 2.0, 0.5] [0.5, 1.0, 2.0, 3.0, 1.0] 2.0 [1.0, 10.0, 100.0] }
-- output { [3.0, 300.0, 100.0] [750.0, 3.0, 300.0, 0.0, 500.0] 666.0 }

-- a + b + c*a*b is associative for every c; c is read by the operator.
entry free_scalar [k] (d: [k]f64) (v: [5]f64) (c: f64) (ys: [k]f64) : ([k]f64, [5]f64, f64) =
  vjp (\(d, v, c) -> reduce_by_index (copy d) (\x y -> x + y + c * x * y) 0 [1, 0, 1, 3, 1] v) (d, v, c) ys

-- ==
-- entry: free_array
-- input { [0.5, 1.0, 2.0, 1.5] [3.0, 2.0] }
-- output { [7.0, 0.0, 2.5, 0.0] [1.0, 0.0] }

-- The operator reads w[0]; indices 7 and -1 are out of range.
entry free_array (v: [4]f64) (w: [2]f64) : ([4]f64, [2]f64) =
  vjp (\(v, w) -> f64.sum (hist (\x y -> x + y + w[0] * x * y) 0 1 [0, 7, 0, -1] v)) (v, w) 1

-- ==
-- entry: rows
-- input { [[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]] }
-- output { [[5.0, 6.0], [0.0, 0.0], [1.0, 2.0]] }

-- An operator that multiplies rows elementwise: one histogram per column.
entry rows (m: [3][2]f64) : [3][2]f64 =
  vjp (\m -> hist (map2 (*)) [1, 1] 3 [2, 3, 2] m) m [[1, 1], [1, 1], [1, 1]]

-- ==
-- entry: rows_max
-- input { [[5.0, 0.0], [1.0, 1.0]] [[3.0, 4.0], [7.0, -1.0], [2.0, 2.0]] }
-- output { [[1.0, 0.0], [0.0, 0.0]] [[0.0, 1.0], [0.0, 0.0], [1.0, 1.0]] }

entry rows_max (d: [2][2]f64) (v: [3][2]f64) : ([2][2]f64, [3][2]f64) =
  vjp (\(d, v) -> reduce_by_index (copy d) (map2 f64.max) [-f64.inf, -f64.inf] [0, 2, 1] v) (d, v) [[1, 1], [1, 1]]

-- ==
-- entry: counted
-- input { [1.0, 2.0, 3.0, 4.0] 0.5 }
-- output { [5.0, 1.0, 3.0, 0.0] 6.0 }

-- A tuple with an integer count beside the values; c is free in the operator.
entry counted (v: [4]f64) (c: f64) : ([4]f64, f64) =
  vjp (\(v, c) -> let (s, k) = unzip (hist (\(s1, k1) (s2, k2) -> (s1 + s2 + c * s1 * s2, k1 + k2)) (0, 0i64) 2 [0, 1, 0, -3] (zip v (replicate 4 1)))
                  in f64.sum (map2 (\x j -> x * f64.i64 j) s k))
      (v, c) 1

-- ==
-- entry: hessian
-- input { [1.0, 2.0, 3.0] 0.5 }
-- output { [3.0, 0.0, 1.0] }

-- jvp over vjp: d/dc of the gradient with respect to v of the fold of bucket 0.
entry hessian (v: [3]f64) (c: f64) : [3]f64 =
  jvp (\c -> vjp (\v -> f64.sum (hist (\x y -> x + y + c * x * y) 0 2 [0, 1, 0] v)) v 1) c 1
