-- Literals and overloaded operators are resolved by later uses within the same declaration.
-- ==
-- input { 3i64 1.5f32 } output { 4i64 5i64 2.5f32 3u8 [2i64, 3i64] 7i16 }

def main (k: i64) (y: f32) =
  let a = 1
  let b = a + k
  let c = 2 + 3
  let d = c + 0 * k
  let e = 1
  let f = y + e
  let g = 2
  let h = g + 1 : u8
  let xs = map (\x -> x + 1) [1, 2]
  let ys : []i64 = xs
  let s = (\p q -> p + q) 3 4
  in (b, d, f, h, ys, s : i16)
