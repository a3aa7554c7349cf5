-- |>, <|, >->, <-<, flip, curry, uncurry, const, id.  The two functions
-- used do not commute, so every order is observable.

def double (x: i32) : i32 = x * 2
def inc (x: i32) : i32 = x + 1

-- ==
-- entry: pipes
-- input { 5 } output { 11 12 11 12 }

entry pipes (x: i32) : (i32, i32, i32, i32) =
  (x |> double |> inc,
   double <| inc <| x,
   (double >-> inc) x,
   (double <-< inc) x)

-- ==
-- entry: flip_test
-- input { 1 10 } output { 9 -9 }

entry flip_test (a: i32) (b: i32) : (i32, i32) = (flip (-) a b, (-) a b)

-- ==
-- entry: curry_test
-- input { 10 3 } output { 7 7 }

entry curry_test (a: i32) (b: i32) : (i32, i32) =
  (curry (\(x, y) -> x - y) a b, uncurry (-) (a, b))

-- ==
-- entry: const_id
-- input { [1.5, 2.5] } output { [7, 7] [1.5, 2.5] }

entry const_id (xs: []f64) : ([]i32, []f64) = (map (const 7) xs, map id xs)

-- The lifted type parameters accept functions.
-- ==
-- entry: lifted
-- input { 4 } output { 9 10 8 5 }

entry lifted (x: i32) : (i32, i32, i32, i32) =
  (id double x + 1,
   const inc 0 (double x + 1),
   (|>) x (\y -> y * 2),
   (inc |> id) x)
