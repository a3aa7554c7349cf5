-- An anonymous size in a written return type takes the body's size when a
-- caller can know it (a constant, or made of the parameters): rows of
-- [3] below flow into a [][3] parameter. A function returning a function
-- is generalised over the sizes of the returned function's parameters,
-- and an index defaults to i64, so get matches i64 in a signature.
-- ==
-- entry: rows
-- input { 2i64 } output { [1.0, 3.0] 4i64 }
-- ==
-- entry: scaled
-- input { [1.0, 2.0] [3.0] } output { [2.0, 4.0] [6.0] }
-- ==
-- entry: picked
-- input { [5, 6, 7] } output { 6 }

def pose (n: i64) : [][]f64 = tabulate (n + 2) (\i -> [f64.i64 i, 1, 0])

def firsts [k] (xs: [k][3]f64) : [k]f64 = map (\r -> r[0] + r[1]) xs

entry rows (n: i64) = let r = firsts (pose n) in ([r[0], r[0] + 2], length r)

def ktimes (k: f64) = map (* k)

entry scaled (a: []f64) (b: []f64) = (ktimes 2 a, ktimes 2 b)

module type getter = { val get 'a : i64 -> []a -> a }
module picker : getter = { def get i a = a[i] }

entry picked (xs: []i32) = picker.get 1 xs
