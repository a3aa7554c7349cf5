-- Partial applications and closures at the edge of the consumption rules
-- that are accepted: a let-bound partial application of a consuming
-- function to a fresh copy, a let-bound full application, a closure that
-- only reads a unique parameter, and a local function that consumes its
-- own parameter.
-- ==
-- input { [1, 2, 3] }
-- output { [7, 2, 3] [1, 8, 3] 3 [1, 2, 9] }

def update (xs: *[]i32) (i: i64) (y: i32) : *[]i32 = xs with [i] = y

def main (xs: *[]i32) =
  let g = update (copy xs)
  let a = g 0 7
  let b = update (copy xs) 1 8
  let h = \(i: i64) -> xs[i]
  let c = h 2
  let k (ys: *[]i32) = update ys 2 9
  in (a, b, c, k xs)
