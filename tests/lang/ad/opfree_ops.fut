-- Reverse AD of reduce, scan and reduce_by_index whose operators read free variables (scalars, arrays), and whose neutral elements depend on a differentiated value.
-- ==
-- entry: reduce_free_array
-- input { [0.5, 1.0, 2.0] [5.0, 0.5] }
-- output { [3.0, 2.5, 1.875] [0.0, 4.5] }

-- a + b + c*a*b is associative for every c, here c = w[1].
entry reduce_free_array [n] (xs: [n]f64) (w: [2]f64) : ([n]f64, [2]f64) =
  vjp (\(xs, w) -> reduce (\a b -> a + b + w[1] * a * b) 0 xs) (xs, w) 1

-- ==
-- entry: scan_free
-- input { [1.0, 2.0, 0.5] 0.5 }
-- output { [5.5, 3.375, 3.0] 6.5 }

entry scan_free [n] (xs: [n]f64) (c: f64) : ([n]f64, f64) =
  vjp (\(xs, c) -> f64.sum (scan (\a b -> a + b + c * a * b) 0 xs)) (xs, c) 1

-- ==
-- entry: hist_free
-- input { [1.0, 2.0, 0.5, 4.0] 0.5 }
-- output { [1.25, 1.0, 1.5, 0.0] 0.5 }

-- The derivative with respect to c was lost before reduce_by_index's generic rule differentiated its operator's free variables.
entry hist_free (xs: [4]f64) (c: f64) : ([4]f64, f64) =
  vjp (\(xs, c) -> f64.sum (hist (\a b -> a + b + c * a * b) 0 2 [0, 1, 0, 5] xs)) (xs, c) 1

-- ==
-- entry: reduce_ne
-- input { [1.0, 2.0, 3.0] 2.0 }
-- output { [24.0, 12.0, 8.0] 24.0 }
-- input { empty([0]f64) 2.0 }
-- output { empty([0]f64) -0.25 }

-- a * b * c has the neutral element 1/c: the result c^(n-1) * product xs
-- (1/c for no elements) does not apply the operator to it.
entry reduce_ne [n] (xs: [n]f64) (c: f64) : ([n]f64, f64) =
  vjp (\(xs, c) -> reduce (\a b -> a * b * c) (1 / c) xs) (xs, c) 1

-- ==
-- entry: scan_ne
-- input { [1.0, 2.0, 3.0] 2.0 [1.0, 1.0, 1.0] }
-- output { [29.0, 14.0, 8.0] 26.0 }

entry scan_ne [n] (xs: [n]f64) (c: f64) (ys: [n]f64) : ([n]f64, f64) =
  vjp (\(xs, c) -> scan (\a b -> a * b * c) (1 / c) xs) (xs, c) ys

-- ==
-- entry: hist_ne
-- input { [1.0, 2.0, 3.0] [2.0, 4.0, 0.5] 2.0 }
-- output { [4.0, 1.0, 8.0] [2.0, 6.0, 8.0] 16.0 }

-- Bucket 1 gets no value: it keeps its destination, whatever c.
entry hist_ne (d: [3]f64) (v: [3]f64) (c: f64) : ([3]f64, [3]f64, f64) =
  vjp (\(d, v, c) -> reduce_by_index (copy d) (\a b -> a * b * c) (1 / c) [0, 2, 0] v) (d, v, c) [1, 1, 1]

-- ==
-- entry: hist_in_map
-- input { [1.0, 2.0, 0.5] 0.5 }
-- output { [4.125, 3.25, 5.0] 1.75 }

-- The operator reads the row of the map (x) and a scalar free in the map.
entry hist_in_map (xs: [3]f64) (c: f64) : ([3]f64, f64) =
  vjp (\(xs, c) -> f64.sum (map (\x -> f64.sum (hist (\a b -> a + b + x * c * a * b) 0 2 [0, 1, 0] xs)) xs)) (xs, c) 1
