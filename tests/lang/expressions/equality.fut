-- Structural equality on primitives, arrays, tuples, records and sums; NaN is unequal to itself.
-- ==
-- input { [1, 2, 3] [1, 2, 3] [1, 2] } output { true false true true true false false true false true }

def main [n] [m] (xs: [n]i32) (ys: [n]i32) (zs: [m]i32) =
  let nan = f64.nan
  in ( xs == ys
     , xs != ys
     , (1, [2.0, 3.0]) == (1, [2.0, 3.0])
     , {a = 1, b = true} == {b = true, a = 1}
     , (#some 1 : #some i32 | #none) == #some 1
     , nan == nan
     , [nan] == [nan]
     , nan != nan
     , 0.0 != -0.0
     , xs[:2] == (zs :> [2]i32)
     )
