-- Constructors get their sum type from later unification within the same declaration.
-- ==
-- input { 3 } output { 3 0 true }

type either = #left i32 | #right bool

def main (x: i32) =
  let a = #left x
  let b = #right false
  let xs : []either = [a, b]
  let f (e: either) = match e case #left v -> v case #right _ -> 0
  let c = #right true
  let r : either = c
  in (f xs[0], f xs[1], r == #right true)
