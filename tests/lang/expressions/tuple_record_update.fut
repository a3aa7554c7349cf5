-- Updates of numbered tuple fields, nested fields inside tuples, and of array elements that are records.
-- ==
-- input { 1 2 } output { 1 20 1 7 [5, 2] [0, 9] }

def main (x: i32) (y: i32) =
  let t = (x, y)
  let t2 = t with 1 = 20
  let n = {p = (x, y), q = x}
  let n2 = n with p.1 = 7
  let rs = [{a = x, b = y}, {a = 0, b = 0}]
  let rs2 = copy rs with [0] = {a = 5, b = 2}
  let rs3 = copy rs2 with [1] = (rs2[1] with b = 9)
  in (t2.0, t2.1, n2.q, n2.p.1, [rs3[0].a, rs3[0].b], [rs3[1].a, rs3[1].b])
