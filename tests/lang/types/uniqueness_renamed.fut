-- Consuming functions bound to new names without a type (by def, by let,
-- through a tuple) are called on fresh or unique arrays, each used once
-- after; a renamed function that does not consume may be called on the
-- same array twice.
-- ==
-- input { [1, 2, 3] }
-- output { [9, 2, 3] [1, 8, 3] [1, 2, 7] 12 }

def upd (i: i64) (v: i32) (xs: *[]i32) : *[]i32 = xs with [i] = v

def set0 = upd 0 9

def total (xs: []i32) = i32.sum xs

def main (xs: []i32) =
  let set1 = upd 1
  let (set2, sum) = (upd 2 7, total)
  let a = set0 (copy xs)
  let b = set1 8 (copy xs)
  let c = set2 (copy xs)
  in (a, b, c, sum xs + sum xs)
