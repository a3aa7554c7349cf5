-- Call results at the edge of the aliasing rules that are accepted: the
-- unique part of a result that also returns a parameter may be updated,
-- a function without a written result type returning two distinct fresh
-- arrays gives unique parts, a function returning one part of a result
-- whose parts alias each other gives a unique result, and a copy of one
-- part leaves the other usable.
-- ==
-- input { 3i64 [1, 2, 3] }
-- output { [1, 0, 0] [1, 1, 1] [2, 0, 0] [3, 2, 3] [1, 2, 3] [4, 0, 0] [0, 0, 0] }

def fresh_and_same (xs: []i32) : (*[]i32, []i32) = (copy xs, xs)

def two (n: i64) = (replicate n 0i32, replicate n 1i32)

def pair (n: i64) : ([]i32, []i32) = let x = replicate n 0 in (x, x)

def first (n: i64) = let (a, _) = pair n in a

def main (n: i64) (xs: []i32) =
  let (a, b) = two n
  let a[0] = 1
  let c = first n
  let c[0] = 2
  let (d, e) = fresh_and_same xs
  let d[0] = 3
  let (p, q) = pair n
  let p2 = copy p
  let p2[0] = 4
  in (a, b, c, d, e, p2, q)
