-- A function may return a function whose parameter has an unknown size
-- once the size is a coercion's inside the body, and a local function's
-- parameter may have a size computed before the function.
-- ==
-- entry: coerced
-- input { true [1, 2] } output { 2 }
-- input { false [4, 5, 6] } output { 6 }
-- ==
-- entry: size_from_outside
-- input { [3, -1, 4] } output { [3, 4] }

def pick (x: bool) =
  let n = if x then 2 else 3
  in \(ys_any: []i32) -> let ys = ys_any :> [n]i32 in ys[n - 1]

entry coerced (x: bool) (ys: []i32) = pick x ys

entry size_from_outside (xs: []i32) =
  let ys = filter (> 0) xs
  let firsts (ps: [](i32, i32)) = map (.0) ps
  in firsts (zip ys ys)
