-- Sum types with tuple, record and sum payloads, resolved by unification within a declaration.
-- ==
-- input { 5 } output { 5 -1 10 6 }

type opt 'a = #some a | #none

def get_or (d: i32) (o: opt i32) : i32 =
  match o
  case #some v -> v
  case #none -> d

def main (x: i32) =
  let a = get_or 0 (#some x)
  let b = get_or (-1) #none
  let v = #pair (x, x) : #pair (i32, i32) | #other
  let c = match v
          case #pair (p, q) -> p + q
          case #other -> 0
  let w : #rec {f: i32} | #nested (opt i32) = #nested (#some (x + 1))
  let d = match w
          case #rec {f} -> f
          case #nested (#some y) -> y
          case #nested #none -> 0
  in (a, b, c, d)
