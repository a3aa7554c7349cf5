-- k-means cost and its Newton direction (GradBench `kmeans`, seed 000's
-- k-means benchmark): the gradient comes from vjp and the (diagonal) Hessian
-- from jvp of vjp with an all-ones tangent, which equals its diagonal here.
-- Expected outputs: GRADBENCH.md's test vector and values computed with the
-- Go oracle in bench/oracle.

def sqdist [d] (a: [d]f64) (b: [d]f64) : f64 =
  f64.sum (map2 (\x y -> (x - y) * (x - y)) a b)

-- f64.minimum gives ties' derivative to the first minimum, as the eval requires.
def kmeans_cost [n] [k] [d] (points: [n][d]f64) (centroids: [k][d]f64) : f64 =
  f64.sum (map (\p -> f64.minimum (map (sqdist p) centroids)) points)

-- ==
-- entry: cost
-- input { [[0.0, 0.0], [1.0, 0.0], [0.0, 1.0], [5.0, 5.0], [6.0, 5.0]]
--         [[0.5, 0.5], [5.0, 5.0]] }
-- output { 2.5 }
-- input { [[0.0, 0.0, 1.0], [2.0, 0.0, 1.0], [2.0, 2.0, 2.0], [0.0, 4.0, 0.0]]
--         [[1.0, 0.0, 1.0], [0.0, 3.0, 0.0], [2.0, 2.0, 2.0]] }
-- output { 3.0 }
-- input { [[0.0], [2.0], [4.0]] [[1.0], [3.0]] } output { 3.0 }
-- "k10_n1000_d8" notest input @ data/k10_n1000_d8.in
-- "k10_n1000_d16" notest input @ data/k10_n1000_d16.in
-- "k10_n10000_d8" notest input @ data/k10_n10000_d8.in
-- "k10_n10000_d16" notest input @ data/k10_n10000_d16.in
-- "k100_n1000_d8" notest input @ data/k100_n1000_d8.in
-- "k100_n1000_d16" notest input @ data/k100_n1000_d16.in
-- "k100_n10000_d8" notest input @ data/k100_n10000_d8.in
-- "k100_n10000_d16" notest input @ data/k100_n10000_d16.in
-- "k1000_n1000_d8" notest input @ data/k1000_n1000_d8.in
-- "k1000_n1000_d16" notest input @ data/k1000_n1000_d16.in
-- "k1000_n10000_d8" notest input @ data/k1000_n10000_d8.in
-- "k1000_n10000_d16" notest input @ data/k1000_n10000_d16.in

entry cost [n] [k] [d] (points: [n][d]f64) (centroids: [k][d]f64) : f64 =
  kmeans_cost points centroids

-- In the last case the point 2.0 is as near to both centroids and belongs to the first.
-- ==
-- entry: dir
-- input { [[0.0, 0.0], [1.0, 0.0], [0.0, 1.0], [5.0, 5.0], [6.0, 5.0]]
--         [[0.5, 0.5], [5.0, 5.0]] }
-- output { [[0.16666666666666669, 0.16666666666666669], [-0.5, -0.0]] }
-- input { [[0.0, 0.0, 1.0], [2.0, 0.0, 1.0], [2.0, 2.0, 2.0], [0.0, 4.0, 0.0]]
--         [[1.0, 0.0, 1.0], [0.0, 3.0, 0.0], [2.0, 2.0, 2.0]] }
-- output { [[0.0, 0.0, 0.0], [0.0, -1.0, 0.0], [0.0, 0.0, 0.0]] }
-- input { [[0.0], [2.0], [4.0]] [[1.0], [3.0]] } output { [[0.0], [-1.0]] }
-- "k10_n1000_d8" notest input @ data/k10_n1000_d8.in
-- "k10_n1000_d16" notest input @ data/k10_n1000_d16.in
-- "k10_n10000_d8" notest input @ data/k10_n10000_d8.in
-- "k10_n10000_d16" notest input @ data/k10_n10000_d16.in
-- "k100_n1000_d8" notest input @ data/k100_n1000_d8.in
-- "k100_n1000_d16" notest input @ data/k100_n1000_d16.in
-- "k100_n10000_d8" notest input @ data/k100_n10000_d8.in
-- "k100_n10000_d16" notest input @ data/k100_n10000_d16.in
-- "k1000_n1000_d8" notest input @ data/k1000_n1000_d8.in
-- "k1000_n1000_d16" notest input @ data/k1000_n1000_d16.in
-- "k1000_n10000_d8" notest input @ data/k1000_n10000_d8.in
-- "k1000_n10000_d16" notest input @ data/k1000_n10000_d16.in

entry dir [n] [k] [d] (points: [n][d]f64) (centroids: [k][d]f64) : [k][d]f64 =
  let grad c = vjp (kmeans_cost points) c 1.0
  let ones = replicate k (replicate d 1.0)
  let (g, h) = jvp2 grad centroids ones
  in map2 (map2 (/)) g h
