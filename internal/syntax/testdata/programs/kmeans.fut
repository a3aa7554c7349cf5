-- | k-means clustering, in the style of the Futhark benchmark suite.
-- ==
-- input { 2i64 [[1f32, 2f32], [1.5f32, 1.8f32], [5f32, 8f32], [8f32, 8f32]] }
-- output { [[1.25f32, 1.9f32], [6.5f32, 8f32]] }

def euclid_dist_2 [d] (pt1: [d]f32) (pt2: [d]f32): f32 =
  f32.sum (map (\x -> x * x) (map2 (-) pt1 pt2))

def closest_point (p1: (i32, f32)) (p2: (i32, f32)): (i32, f32) =
  if p1.1 < p2.1 then p1 else p2

def find_nearest_point [k][d] (pts: [k][d]f32) (pt: [d]f32): i32 =
  let (i, _) = foldl (\acc (i, p) -> closest_point acc (i, euclid_dist_2 pt p))
                     (0, f32.inf)
                     (zip (0..<i32.i64 k) pts)
  in i

def add_centroids [d] (x: [d]f32) (y: [d]f32): *[d]f32 =
  map2 (+) x y

def centroids_of [n][d] (k: i64) (points: [n][d]f32) (membership: [n]i32): [k][d]f32 =
  let points_in_clusters =
    hist (+) 0 k (map i64.i32 membership) (replicate n 1i32)
  let cluster_sums =
    reduce_by_index (replicate k (replicate d 0f32)) (map2 (+))
                    (replicate d 0) (map i64.i32 membership) points
  let f (sum: [d]f32) (count: i32) = map (/ f32.i32 (i32.max count 1)) sum
  in map2 f cluster_sums points_in_clusters

entry main [n][d] (k: i64) (points: [n][d]f32): [k][d]f32 =
  let cluster_centres = take k points
  let membership = replicate n 0i32
  let (cluster_centres, _, _) =
    loop (cluster_centres : [k][d]f32, membership, delta) =
         (cluster_centres, membership, n)
    while delta > 0 do
      let new_membership = map (find_nearest_point cluster_centres) points
      let delta = i64.sum (map2 (\a b -> if a != b then 1 else 0) membership new_membership)
      let new_centres = centroids_of k points new_membership
      in (new_centres, new_membership, delta)
  in cluster_centres
