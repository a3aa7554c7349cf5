-- Valid programs at the edges of static size checking: branches and loops
-- whose sizes differ get an unknown size that a size binding or :> names;
-- existential results are fresh at each call; size arithmetic (n+1, n/2)
-- matches itself; dependent function types match under renaming.
-- ==
-- entry: branches
-- input { true [1, 2, 3] } output { [2, 4, 6] 3i64 }
-- input { false [1, 2, 3] } output { [2, 4, 6] 6i64 }
-- ==
-- entry: growing
-- input { [1, 2] } output { 8i64 [2, 4] }
-- ==
-- entry: fresh_existentials
-- input { 3i64 } output { [0, 4, 8] }
-- ==
-- entry: arithmetic
-- input { 5i64 } output { [0i64, 1i64, 2i64, 3i64, 4i64, 5i64] [0i64, 1i64] 2i64 }
-- ==
-- entry: dependent
-- input { 4i64 } output { [1i64, 2i64, 3i64, 4i64] }
-- ==
-- entry: through_functions
-- input { [1.0, 2.0] } output { [3.0, 6.0] 15.25 }

entry branches [n] (c: bool) (xs: [n]i32) : ([n]i32, i64) =
  let ys = if c then xs else xs ++ xs
  -- ys has an unknown size: binding it with a size name lets us use it.
  let [k] (zs: [k]i32) = ys
  in (map2 (+) xs xs, length (map2 (+) zs zs))

entry growing [n] (xs: [n]i32) : (i64, [n]i32) =
  let ys = loop ys = xs for _i < 2 do ys ++ ys
  in (length ys, map2 (+) xs (ys[:n] :> [n]i32))

def evens (n: i64) : []i32 = filter (\x -> x % 2 == 0) (map i32.i64 (iota (2 * n)))

entry fresh_existentials (n: i64) : []i32 =
  let [k] (a: [k]i32) = evens n
  let b = evens n
  in map2 (+) a (b :> [k]i32)

entry arithmetic (n: i64) : ([n+1]i64, [n/2]i64, i64) =
  let up = iota (n + 1)
  let half = iota (n / 2)
  in (map2 (+) up (replicate (n + 1) 0), half, length (zip half (replicate (n / 2) 'x')))

def build (f: (k: i64) -> [k]i64) (n: i64) : [n]i64 = f n

entry dependent (n: i64) : [n]i64 = build (\m -> map (+ 1) (iota m)) n

def twice 'a (f: a -> a) (x: a) : a = f (f x)

-- A definition without parameters is generalised over its sizes too.
def norm2 = map (** 2) >-> f64.sum

entry through_functions [n] (xs: [n]f64) : ([n]f64, f64) =
  let ys = twice (map (* 2)) xs |> map (/ 2)
  in (map2 (+) xs ys |> map (/ 1), norm2 (map2 (-) ys (map (/ 2) xs)) + norm2 [2.0])

-- ==
-- entry: causal_forms
-- input { [1, -2, 3] } output { 2i64 2i64 2i64 }

-- Arguments run before the function is instantiated, and a pipeline's
-- left operand before its right: all three are causal.
entry causal_forms (xs: []i32) : (i64, i64, i64) =
  let ys = filter (> 0) xs
  in (length (filter (> 0) xs), filter (> 0) xs |> length, length ys)
