-- Size-lifted type~ (existential sizes) and fully lifted type^ (function types) abbreviations.
-- ==
-- input { [1, 2, 3, 4, 5, 6] } output { 3i64 [2, 4, 6] 12 }

type~ bag = ?[k].[k]i32
type~ tagged = {name: i32, items: []i32}
type^ op = i32 -> i32 -> i32
type^ transform 'a = a -> a

def evens (xs: []i32) : bag = filter (\x -> x % 2 == 0) xs

def apply (f: op) (a: i32) (b: i32) : i32 = f a b

def twice (f: transform i32) : transform i32 = \x -> f (f x)

def main (xs: []i32) =
  let e = evens xs
  let t : tagged = {name = 1, items = e}
  in (length t.items, t.items, apply (+) 5 (twice (+ 1) 5))
