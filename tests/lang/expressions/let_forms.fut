-- let with tuple/record/wildcard patterns, size binding let [n], chained lets without in, and shadowing.
-- ==
-- input { [1.0f32, 2.0f32, 3.0f32] } output { 3i64 6.0f32 5 2 30 }

def main (input: []f32) =
  let [n] (xs: [n]f32) = input
  let (a, _, c) = (1, 2, 4)
  let {x, y = (p, q)} = {x = a, y = (c, 10)}
  let s = f32.sum xs
  let a = a + c
  let k = 2
  let k = k * 1
  in (n, s, a, x + k - 1, p * q - 10)
