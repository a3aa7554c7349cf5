-- Arrays of sum values in maps and filters, constructors with constructor payloads, and single-constructor patterns.
-- ==
-- input { [1, -2, 0, 5] } output { [1, 2, 0, 1, 3] 2i64 7 6 }

type kind = #pos | #neg | #zero
type wrapped = #wrap kind
type single = #only i32 i32

def kind_of (x: i32) : kind = if x > 0 then #pos else if x < 0 then #neg else #zero

def code (k: kind) : i32 = match k case #pos -> 1 case #neg -> 2 case #zero -> 0

def main (xs: []i32) =
  let ks = map kind_of xs
  let w : wrapped = #wrap #neg
  let (#only a b) : single = #only 3 4
  in ( map code ks ++ [match w case #wrap #neg -> 3 case #wrap _ -> 4]
     , length (filter (== #pos) ks)
     , a + b
     , (\((#only p q) : single) -> p * q - 6) (#only 3 4)
     )
