-- Entry points with size parameters: sizes are inferred from the arguments and checked for consistency.
-- ==
-- input { [1.0, 2.0, 3.0] [4.0, 5.0, 6.0] } output { 32.0 3i64 }
-- input { [1.0, 2.0, 3.0] [4.0, 5.0] } error: .
-- input { empty([0]f64) empty([0]f64) } output { 0.0 0i64 }

entry main [n] (a: [n]f64) (b: [n]f64) : (f64, i64) = (f64.sum (map2 (*) a b), n)

-- Size expressions in parameter types may refer to earlier value parameters.
-- ==
-- entry: square
-- input { 2i64 [1.0, 2.0, 3.0, 4.0] } output { [[1.0, 2.0], [3.0, 4.0]] }
-- input { 2i64 [1.0, 2.0, 3.0] } error: .

entry square (k: i64) (a: [k * k]f64) : [k][k]f64 = unflatten a
