-- Trailing commas in tuples, records, array literals, patterns, types, index lists and attributes.
-- ==
-- input { [[1, 2], [3, 4]] } output { 3 4 5 6 3 }

type pair = (i32, i32,)
type rec = {a: i32, b: i32,}

def main (m: [2][2]i32) =
  let (x, y,) : pair = (m[1, 0,], m[1][1],)
  let r : rec = {a = 5, b = 6,}
  let {a, b,} = r
  let zs = [x, y, a, b,]
  in #[foo(bar, baz,)] (zs[0], zs[1], a, b, length [1, 2, 3,] |> i32.i64)
