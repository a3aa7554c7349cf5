-- AD through reduce, scan, hist and reduce_by_index; max/min ties send the derivative to the earliest element.
-- ==
-- entry: max_ties
-- input { [1.0, 3.0, 3.0] } output { [0.0, 1.0, 0.0] [0.0, 1.0, 0.0] }

entry max_ties [n] (xs: [n]f64) : ([n]f64, [n]f64) =
  (vjp f64.maximum xs 1, vjp (reduce f64.max (-f64.inf)) xs 1)

-- ==
-- entry: min_ties
-- input { [2.0, 1.0, 1.0, 5.0] } output { [0.0, 1.0, 0.0, 0.0] }

entry min_ties [n] (xs: [n]f64) : [n]f64 = vjp f64.minimum xs 1

-- ==
-- entry: product
-- input { [2.0, 3.0, 4.0] } output { [12.0, 8.0, 6.0] }

entry product [n] (xs: [n]f64) : [n]f64 = vjp (reduce (*) 1) xs 1

-- ==
-- entry: scans
-- input { [1.0, 2.0, 3.0] } output { [3.0, 2.0, 1.0] [1.0, 2.0, 6.0] [1.0, 3.0, 11.0] }

entry scans [n] (xs: [n]f64) : ([n]f64, [n]f64, [n]f64) =
  ( vjp (scan (+) 0) xs (replicate n 1)
  , jvp (scan (*) 1) xs (map (\i -> if i == 0 then 1 else 0) (iota n))
  , jvp (scan (*) 1) xs (replicate n 1)
  )

-- ==
-- entry: histogram
-- input { [1.0, 2.0, 3.0, 4.0] [1.0, 2.0, 3.0] } output { [1.0, 2.0, 1.0, 3.0] }

entry histogram (vs: [4]f64) (dy: [3]f64) : [4]f64 =
  vjp (\vs -> hist (+) 0 3 [0, 1, 0, 2] vs) vs dy

-- ==
-- entry: rbi_max
-- input { [5.0, 0.0] [5.0, 2.0, 7.0] } output { [1.0, 0.0] [0.0, 0.0, 1.0] }

entry rbi_max (dest: [2]f64) (vs: [3]f64) : ([2]f64, [3]f64) =
  vjp (\(d, v) -> reduce_by_index (copy d) f64.max (-f64.inf) [0, 0, 1] v) (dest, vs) [1, 1]

-- ==
-- entry: tuple_reduce
-- input { [1.0, 2.0, 4.0] } output { [9.0, 5.0, 3.0] }

entry tuple_reduce [n] (xs: [n]f64) : [n]f64 =
  let f xs = let (s, p) = reduce (\(a, b) (c, d) -> (a + c, b * d)) (0, 1) (map (\x -> (x, x)) xs)
             in s + p
  in vjp f xs 1
