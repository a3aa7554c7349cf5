-- Sum types: constructors with and without payloads, equality, arrays of sums, match on constructors.
-- ==
-- input { 2.0 3.0 } output { 6.0 12.566370614359172 1.0 3i64 true false }

type shape = #circle f64 | #rect f64 f64 | #empty

def area (s: shape) : f64 =
  match s
  case #circle r -> f64.pi * r * r
  case #rect w h -> w * h
  case #empty -> 0

def main (w: f64) (h: f64) =
  let shapes : []shape = [#rect w h, #circle w, #empty]
  let a = area shapes[0]
  let b = area shapes[1]
  let c = f64.sum (map area shapes) - a - b + 1
  let n = length (filter (\s -> s != #empty) shapes ++ shapes[2:])
  in (a, b, c, n, shapes[0] == #rect 2 3, #circle w == (#circle h : shape))
