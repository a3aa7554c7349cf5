-- Type abbreviations: plain, with size and type parameters, anonymous size arguments and parenthesised array arguments.
-- ==
-- input { [[1, 2, 3], [4, 5, 6]] } output { [6, 15] 21 [1, 4] 7 }

type point = (f64, f64)
type matrix [n] [m] 't = [n][m]t
type vec [n] = [n]i32
type box 'a = {contents: a}
type pair 'a 'b = (a, b)

def row_sums [n] [m] (a: matrix [n][m] i32) : vec [n] = map i32.sum a

def total (a: matrix [][] i32) : i32 = i32.sum (map i32.sum a)

def main (a: [2][3]i32) =
  let b : box ([2]i32) = {contents = a[:, 0]}
  let p : pair i32 point = (7, (1.0, 2.0))
  in (row_sums a, total a, b.contents, p.0)
