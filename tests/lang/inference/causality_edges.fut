-- The causality check's edges: an application whose last argument runs
-- first, so that the function passed before it is instantiated afterwards,
-- and an empty array whose row size is known where it is built.
-- ==
-- entry: last_argument_first
-- input { [1, -2, 3, 4] } output { 3i64 }
-- input { [-1] } output { 0i64 }
-- ==
-- entry: empty_of_known_size
-- input { [5, 6] } output { 1i64 2i64 }

def apply 'a 'b (f: a -> b) (x: a) = f x

entry last_argument_first (xs: []i32) = apply length (filter (> 0) xs)

entry empty_of_known_size [n] (xs: [n]i32) =
  let a = [] : [0][n]i32
  let c = concat a [xs]
  in (length c, length c[0])
