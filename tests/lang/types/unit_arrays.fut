-- Arrays of unit, such as [0][n](), used as witnesses that carry a size in a type.
-- ==
-- input { 4i64 } output { 4i64 0i64 [0i64, 1i64, 2i64, 3i64] 3i64 }

type witness [n] = [0][n]()

def make (n: i64) : witness [n] = [] : [0][n]()

def size_of [n] (_: witness [n]) : i64 = n

def zeros_like [n] (_: witness [n]) : [n]i64 = iota n

def main (n: i64) =
  let w = make n
  let units = replicate 3 ()
  in (size_of w, length w, zeros_like w, length units)
