-- AD through data movement: with updates, scatter, repeated reads, replicate, reverse and concatenation.
-- ==
-- entry: with_update
-- input { [1.0, 2.0, 3.0] 4.0 [1.0, 2.0, 3.0] } output { [1.0, 0.0, 3.0] 16.0 }

entry with_update (xs: [3]f64) (v: f64) (dy: [3]f64) : ([3]f64, f64) =
  vjp (\(xs, v) -> copy xs with [1] = v * v) (xs, v) dy

-- ==
-- entry: scattered
-- input { [1.0, 2.0, 3.0] [10.0, 20.0, 30.0] [1.0, 2.0, 3.0] } output { [0.0, 0.0, 3.0] [2.0, 0.0, 1.0] }

entry scattered (dest: [3]f64) (vs: [3]f64) (dy: [3]f64) : ([3]f64, [3]f64) =
  vjp (\(d, v) -> scatter (copy d) [1, 5, 0] v) (dest, vs) dy

-- ==
-- entry: read_twice
-- input { [3.0, 4.0, 5.0] } output { [6.0, 1.0, 0.0] }

entry read_twice (xs: [3]f64) : [3]f64 = vjp (\xs -> xs[0] * xs[0] + xs[1]) xs 1

-- ==
-- entry: replicated
-- input { 2.0 [1.0, 2.0, 3.0] } output { 6.0 }

entry replicated (x: f64) (dy: [3]f64) : f64 = vjp (\x -> replicate 3 x) x dy

-- ==
-- entry: moved
-- input { [1.0, 2.0] [1.0, 2.0, 3.0, 10.0] } output { [5.0, 11.0] }

entry moved (xs: [2]f64) (dy: [4]f64) : [2]f64 = vjp (\xs -> reverse xs ++ xs) xs dy

-- ==
-- entry: moved_fwd
-- input { [[1.0, 2.0], [3.0, 4.0]] [[1.0, 0.0], [0.0, 2.0]] } output { [1.0, 0.0, 0.0, 2.0] [[1.0, 0.0], [0.0, 2.0]] }

entry moved_fwd (m: [2][2]f64) (dm: [2][2]f64) : ([4]f64, [2][2]f64) =
  (jvp (\m -> flatten (transpose (transpose m))) m dm, jvp (rotate 2) m dm)
