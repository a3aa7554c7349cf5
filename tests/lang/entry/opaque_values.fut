-- Sum types (and records holding them, arrays of them) as entry point
-- parameters and results are opaque values (v2 §3): at the interface they
-- are their parts, the constructor's index (in name order) then the
-- payloads of every constructor, so one entry's results can be passed to
-- another's parameters as they are.
-- ==
-- entry: mk
-- input { 2.0 } output { 0i64 2.0 0.0 0.0 }
-- input { -1.0 } output { 1i64 0.0 1.0 2.0 }
-- ==
-- entry: area
-- input { 0i64 2.0 0.0 0.0 } output { 12.0 }
-- input { 1i64 0.0 1.0 2.0 } output { 2.0 }
-- ==
-- entry: total
-- input { [0i64, 1i64] [1.0, 0.0] [0.0, 2.0] [0.0, 3.0] } output { 9.0 }
-- ==
-- entry: tagged
-- input { 7 } output { 7 1i64 }

type shape = #circle f64 | #rect f64 f64

def area_of (s: shape) : f64 =
  match s
  case #circle r -> 3 * r * r
  case #rect w h -> w * h

entry mk (r: f64) : shape = if r > 0 then #circle r else #rect 1 2
entry area (s: shape) : f64 = area_of s
entry total (ss: []shape) : f64 = f64.sum (map area_of ss)
entry tagged (x: i32) : (i32, #none | #some) = (x, #some)
