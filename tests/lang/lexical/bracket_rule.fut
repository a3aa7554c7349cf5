-- '[' directly after a name, ')' or ']' indexes; after whitespace it starts an array literal.
-- ==
-- input { [10, 20, 30] 5 } output { 15 -20 30 3 [30, 5] }

def pick (xs: [3]i32) (ys: [1]i32) : i32 = xs[0] + ys[0]

def main (xs: [3]i32) (i: i32) =
  let m = [[1, 2], [3, 4]]
  let pair = [xs[2], i]
  in (pick xs [i], i32.neg xs[1], (id xs)[2], m[1][0], pair)
