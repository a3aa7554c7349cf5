-- AD through for, for-in and while loops, and #[stripmine(2)] which must not change the derivative.
-- ==
-- entry: power
-- input { 1.1 10 } output { 28.531167061100025 28.531167061100025 }
-- input { 2.0 0 } output { 1.0 1.0 }

def pow_loop (n: i32) (x: f64) : f64 = loop acc = x for _i < n do acc * x

entry power (x: f64) (n: i32) : (f64, f64) = (jvp (pow_loop n) x 1, vjp (pow_loop n) x 1)

-- ==
-- entry: stripmined
-- input { 3.0 10i64 } output { 1.9990234375 1.9990234375 }
-- input { 3.0 7i64 } output { 1.9921875 1.9921875 }
-- input { 3.0 0i64 } output { 1.0 1.0 }

def affine (n: i64) (x: f64) : f64 = #[stripmine(2)] loop a = x for _i < n do a * 0.5 + x

def affine_plain (n: i64) (x: f64) : f64 = loop a = x for _i < n do a * 0.5 + x

entry stripmined (x: f64) (n: i64) : (f64, f64) = (vjp (affine n) x 1, vjp (affine_plain n) x 1)

-- ==
-- entry: while_loop
-- input { 2.0 } output { 81.0 81.0 }
-- input { 200.0 } output { 1.0 1.0 }

def grow (x: f64) : f64 = loop y = x while y < 100 do y * 3

entry while_loop (x: f64) : (f64, f64) = (vjp grow x 1, jvp grow x 1)

-- ==
-- entry: for_in
-- input { [1.0, 2.0, 3.0] } output { [0.5, 2.0, 6.0] }

entry for_in [n] (xs: [n]f64) : [n]f64 =
  vjp (\xs -> loop acc = 0 for x in xs do acc * 0.5 + x * x) xs 1

-- ==
-- entry: bounded_while
-- input { 1.5 } output { 6.0 }

entry bounded_while (x: f64) : f64 =
  vjp (\x -> (#[bound(10)] loop (y, i) = (x, 0) while i < 3 do (y * 2 + 1, i + 1)).0) x 0.75
