-- Existential and anonymous sizes that some array of the value has as
-- its size: a witness array, an array next to a function that uses the
-- size, [] in a function type's result (the result's own existential
-- size), and a size parameter naming a function's parameter size.
-- ==
-- input { [1, -2, 3, -4, 5] }
-- output { 3i64 true [0, 1, 2] 2 [1, 3, 5] }

type~ count = ?[n].([n]bool, bool)
type^ checker = ?[n].([n]bool, [n]i32 -> bool)
type^ gen = i64 -> []i32
type^ test [n] = [n]i32 -> bool

def positives (xs: []i32) : count =
  let ps = filter (> 0) xs
  in (map (> 0) ps, length ps > 0)

def all_below (xs: []i32) : checker =
  let n = length xs
  in (replicate n true, \(ys: [n]i32) -> all (\(x, y) -> y < x + 10) (zip xs ys))

def upto : gen = \k -> map i32.i64 (iota k)

def sorted [n] (xs: [n]i32) = and (map2 (<=) xs[:n - 1] xs[1:])

def apply_test [n] (t: test [n]) (xs: [n]i32) = t xs

def main (xs: []i32) =
  let (ws, any_pos) = positives xs
  let k = length ws
  let [m] (_: [m]bool, f: [m]i32 -> bool) = all_below xs
  let ok = f (xs :> [m]i32)
  let three = upto 3
  in (k, any_pos && ok, upto k, i32.bool (apply_test sorted three) + i32.bool ok, filter (> 0) xs)
