-- Uniqueness annotations on parameters and results; consuming functions and copy.
-- ==
-- input { [1, 2, 3] } output { [1, 2, 3] [100, 2, 3] [100, 2, 200] }

def set_first (xs: *[]i32) (v: i32) : *[]i32 = xs with [0] = v

def fresh [n] (xs: [n]i32) : *[n]i32 = copy xs

def main (xs: [3]i32) =
  let ys = set_first (copy xs) 100
  let zs = fresh ys
  let zs[2] = 200
  in (xs, ys, zs)
