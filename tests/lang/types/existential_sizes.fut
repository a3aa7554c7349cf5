-- Existential sizes in return types, as results of filter, and unknown sizes re-established with :>.
-- ==
-- input { [3, -1, 4, -1, 5] } output { [3, 4, 5] 3i64 [3, 4, 5, 1] }

def positives (xs: []i32) : ?[k].[k]i32 = filter (> 0) xs

def pad1 [n] (xs: [n]i32) : [n + 1]i32 = xs ++ [1]

def main (xs: []i32) =
  let ps = positives xs
  let m = length ps
  let qs = ps :> [m]i32
  in (qs, m, pad1 qs)
