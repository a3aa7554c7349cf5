-- Sum types (and records holding them, arrays of them) as entry point
-- parameters and results are opaque values (v2 §3): at the interface they
-- are their parts, the constructor's index (in name order) then the
-- payloads of every constructor, so one entry's results can be passed to
-- another's parameters as they are. Script inputs keep an opaque value
-- whole when a pattern binds an entry's results, and stack opaque values
-- into an array of them.
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
-- ==
-- entry: area
-- script input { mk 2.0 } output { 12.0 }
-- script input { let (s, a) = measured 2.0 in s } output { 12.0 }
-- script input { let (s, a) = measured (-1.0) in s } output { 2.0 }
-- ==
-- entry: total
-- script input { [mk 1.0, mk (-1.0), mk 2.0] } output { 17.0 }
-- script input { let (s, a) = measured 1.0 in [s, s, mk (-1.0)] } output { 8.0 }

type shape = #circle f64 | #rect f64 f64

def area_of (s: shape) : f64 =
  match s
  case #circle r -> 3 * r * r
  case #rect w h -> w * h

entry mk (r: f64) : shape = if r > 0 then #circle r else #rect 1 2
entry area (s: shape) : f64 = area_of s
entry total (ss: []shape) : f64 = f64.sum (map area_of ss)
entry tagged (x: i32) : (i32, #none | #some) = (x, #some)
entry measured (r: f64) : (shape, f64) = let s = mk r in (s, area_of s)
