-- In-place let forms: let xs[i] = v, multi-index, row and slice targets, in loops building arrays.
-- ==
-- input { 4i64 } output { [0i64, 1i64, 4i64, 9i64] [[0, 7], [0, 8], [5, 6]] [1, 0, 9, 9, 0] }

def main (n: i64) =
  let sq = loop acc = replicate n 0i64 for i < n do
             let acc[i] = i * i
             in acc
  let m = replicate 3 (replicate 2 0)
  let m[2] = [5, 6]
  let m[0, 1] = 7
  let m[1, 1:] = [8]
  let v = replicate 5 0
  let v[2:4] = [9, 9]
  let v[0] = 1
  in (sq, m, v)
