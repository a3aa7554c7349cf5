-- Type ascriptions guiding inference, on empty arrays, literals, subexpressions, patterns and lambdas.
-- ==
-- input { 2 } output { 0i64 200u8 3.5f32 [1i64, 2i64] 2i64 5i16 }

def main (x: i32) =
  let e = [] : []f64
  let b = 200 : u8
  let f = (x : i32) |> f32.i32 |> (+ 1.5)
  let xs = [1, 2] : [2]i64
  let ys : [][]i64 = [xs]
  let g = (\(v: i16) : i16 -> v + 3) 2
  in (length e, b, f, ys[0], length (ys[0] : [2]i64), g)
