-- AD on functions with tuple arguments and tuple results: tangents and cotangents are tuples.
-- ==
-- entry: jvp_pair
-- input { 1.0 2.0 0.5 3.0 } output { 4.27015115293407 }

def f ((x, y): (f64, f64)) : f64 = x * y + f64.sin x

entry jvp_pair (x: f64) (y: f64) (dx: f64) (dy: f64) : f64 = jvp f (x, y) (dx, dy)

-- ==
-- entry: vjp_pair
-- input { 1.0 2.0 2.0 } output { 5.0806046117362795 2.0 }

entry vjp_pair (x: f64) (y: f64) (d: f64) : (f64, f64) = vjp f (x, y) d

-- ==
-- entry: jvp_tuple_result
-- input { 3.0 } output { 6.0 -0.9899924966004454 }

def g (x: f64) : (f64, f64) = (x * x, f64.sin x)

entry jvp_tuple_result (x: f64) : (f64, f64) = jvp g x 1

-- ==
-- entry: vjp_tuple_result
-- input { 3.0 1.0 2.0 } output { 4.02001500679911 }

entry vjp_tuple_result (x: f64) (d0: f64) (d1: f64) : f64 = vjp g x (d0, d1)

-- ==
-- entry: vjp2_tuple
-- input { 3.0 } output { 9.0 0.1411200080598672 4.02001500679911 }

entry vjp2_tuple (x: f64) : (f64, f64, f64) =
  let ((a, b), dx) = vjp2 g x (1, 2)
  in (a, b, dx)

-- Arrays of tuples have arrays of tuples as cotangents.
-- ==
-- entry: array_of_pairs
-- input { 3.0 } output { 9.0 }

entry array_of_pairs (x: f64) : f64 = vjp (\x -> [(x, 2 * x), (x * x, 0)]) x [(1, 1), (1, 5)]
