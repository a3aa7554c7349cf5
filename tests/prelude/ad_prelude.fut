-- Derivatives through prelude functions that are written over scans,
-- scatters, loops and flattening.  Expected values worked out by hand from
-- the reference semantics of LANGUAGE.md §14.2 (overwritten values get no
-- adjoint; ignored writes contribute nothing).

-- ==
-- entry: vjp_filter
-- input { [1.0, -2.0, 3.0] } output { [1.0, 0.0, 1.0] }

entry vjp_filter [n] (xs: [n]f64) : [n]f64 = vjp (\v -> f64.sum (filter (> 0) v)) xs 1

-- ==
-- entry: vjp_partition
-- input { [1.0, -2.0, 3.0] } output { [1.0, -2.0, 1.0] }

entry vjp_partition [n] (xs: [n]f64) : [n]f64 =
  vjp (\v -> let (a, b) = partition (> 0) v in f64.sum a - 2 * f64.sum b) xs 1

-- exscan [a, b, c] = [0, a, a+b].
-- ==
-- entry: vjp_exscan
-- input { [5.0, 6.0, 7.0] [1.0, 10.0, 100.0] } output { [110.0, 100.0, 0.0] }

entry vjp_exscan [n] (xs: [n]f64) (dy: [n]f64) : [n]f64 = vjp (exscan (+) 0) xs dy

-- ==
-- entry: vjp_scatter
-- input { [1.0, 2.0, 3.0] [7.0, 8.0] [1.0, 10.0, 100.0] }
-- output { [0.0, 10.0, 0.0] [1.0, 100.0] }

entry vjp_scatter (dest: [3]f64) (vs: [2]f64) (dy: [3]f64) : ([3]f64, [2]f64) =
  vjp (\(d, v) -> scatter (copy d) [0, 2, 7] (v ++ [0] :> [3]f64)) (dest, vs) dy

-- ==
-- entry: vjp_reverse_rotate
-- input { [1.0, 2.0, 3.0] } output { [3.0, 2.0, 1.0] [3.0, 1.0, 2.0] }

entry vjp_reverse_rotate [n] (dy: [n]f64) : ([n]f64, [n]f64) =
  (vjp reverse (replicate n 0) dy, vjp (rotate 1) (replicate n 0) dy)

-- ==
-- entry: vjp_hist
-- input { [1.0, 2.0, 3.0] } output { [1.0, 10.0, 1.0] }

entry vjp_hist (vs: [3]f64) : [3]f64 = vjp (hist (+) 0 2 [0, 1, 0]) vs [1, 10]

-- The pair (0, 5) is out of range and must get no adjoint.
-- ==
-- entry: vjp_rbi_2d
-- input { [[0.0, 0.0], [0.0, 0.0]] [1.0, 1.0, 1.0] [[1.0, 2.0], [3.0, 4.0]] }
-- output { [[1.0, 2.0], [3.0, 4.0]] [2.0, 3.0, 0.0] }

entry vjp_rbi_2d (dest: [2][2]f64) (vs: [3]f64) (dy: [2][2]f64) : ([2][2]f64, [3]f64) =
  vjp (\(d, v) -> reduce_by_index_2d (copy d) (+) 0 [(0, 1), (1, 0), (0, 5)] v) (dest, vs) dy

-- foldl with * is the product: d/dx_i = product of the others.
-- ==
-- entry: vjp_products
-- input { [2.0, 3.0, 4.0] } output { [12.0, 8.0, 6.0] [12.0, 8.0, 6.0] }

entry vjp_products [n] (xs: [n]f64) : ([n]f64, [n]f64) =
  (vjp (foldl (*) 1) xs 1, vjp f64.product xs 1)

-- ==
-- entry: vjp_map2
-- input { [1.0, 2.0] [3.0, 4.0] } output { [3.0, 4.0] [1.0, 2.0] }

entry vjp_map2 [n] (xs: [n]f64) (ys: [n]f64) : ([n]f64, [n]f64) =
  vjp (\(a, b) -> f64.sum (map2 (*) a b)) (xs, ys) 1

-- Segments built by flatmap' (a loop of slice updates): sum of squares of
-- every element repeated twice, so the gradient is 4x.
-- ==
-- entry: vjp_flatmap
-- input { [1.0, 2.0] } output { [4.0, 8.0] }

entry vjp_flatmap [n] (xs: [n]f64) : [n]f64 =
  vjp (\v -> let (_, _, _, d) = flatmap' (\x -> replicate 2 x) v in f64.sum (map (\y -> y * y) d)) xs 1

-- jvp through tabulate and transpose.
-- ==
-- entry: jvp_tabulate
-- input { 2.0 1.0 } output { [[0.0, 1.0], [2.0, 3.0]] [[0.0, 2.0], [1.0, 3.0]] }

entry jvp_tabulate (x: f64) (dx: f64) : ([2][2]f64, [2][2]f64) =
  let f (s: f64) = tabulate_2d 2 2 (\i j -> s * f64.i64 (i * 2 + j))
  in (jvp f x dx, jvp (\s -> transpose (f s)) x dx)
