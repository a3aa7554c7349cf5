-- Array literals: nested, of tuples and records, empty arrays typed by context, and arrays built from variables.
-- ==
-- input { 3 } output { [[1, 2], [3, 4]] [3, 4] 0i64 [0i64, 3i64] [1, 3] [true, false] 2i64 }

def main (x: i32) =
  let m = [[1, 2], [x, x + 1]]
  let ps = [(1, true), (x, false)]
  let rs = [{a = 1}, {a = x}]
  let e : [0][3]f32 = []
  let es = [] : [][2]i64
  in ( m
     , m[1]
     , length e + length es
     , [length es, length e[0:0] + 3]
     , map (.a) rs
     , map (.1) ps
     , length [e, e]
     )
