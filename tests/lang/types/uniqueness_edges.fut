-- Programs at the edges of the uniqueness rules that are accepted: updates
-- of let-bound and loop-carried arrays, a unique result inferred for a
-- function without a written result type, branches that consume in one
-- arm, records whose components alias separately, loops that consume only
-- a fresh copy, in-place updates reading the array first, and an update
-- of a unique record's array field written with a scalar field.
-- ==
-- input { [1, 2, 3, 4] }
-- output { [0, 1, 2, 3] [2, 1, 3, 4] [9, 2, 3, 4] [1, 2, 3, 4] [7, 2, 3, 4] 10 [5, 2, 3, 4] [1, 7, 3, 4] }

-- The result is a fresh array (map), so callers may update it in place.
def bumped xs = map (+ 1) xs

def swap (xs: *[]i32) (i: i64) (j: i64) : *[]i32 =
  let a = xs[i]
  let b = xs[j]
  in xs with [i] = b with [j] = a

def count_up (n: i64) : *[n]i32 =
  loop acc = replicate n 0 for i < n do acc with [i] = i32.i64 i

def pick (c: bool) (xs: *[]i32) : *[]i32 =
  if c then xs with [0] = 9 else xs

def bump (r: *{count: i32, xs: []i32}) (i: i64) : *{count: i32, xs: []i32} =
  r with xs = (r.xs with [i] = r.count)

def main [n] (xs: [n]i32) =
  let b = bumped xs
  let b2 = b with [0] = 2
  -- The pair's components alias different arrays: consuming one leaves
  -- the other usable.
  let (p0, p1) = (copy xs, xs)
  let first = p0 with [0] = 7
  let total = loop s = 0 for x in p1 do s + x
  let scratch = loop ys = copy xs for i < 1 do ys with [i] = 5
  let swapped = swap (copy xs) 0 1
  in (count_up n, swapped with [0] = b2[0], pick true (copy xs), pick false (copy xs)
     , first, total, scratch, (bump {count = 7, xs = copy xs} 1).xs)
