-- Type parameters instantiated with arrays, tuples and records; size-lifted and lifted type parameters.
-- ==
-- input { [1, 2, 3] } output { [1, 2, 3] 3 3i64 [2, 3, 4] 10 }

def first 'a 'b ((x, _): (a, b)) : a = x
def apply 'a (g: a -> a) (x: a) : a = g x
def count '~a (_: a) (n: i64) : i64 = n
def pick 't (r: {left: t, right: t}) (l: bool) : t = if l then r.left else r.right
def compose '^a '^b '^c (g: b -> c) (f: a -> b) : a -> c = \x -> g (f x)

def main (xs: []i32) =
  ( first (xs, true)
  , pick {left = 3, right = 4} true
  , count (filter (> 0) xs) (length xs)
  , apply (map (+ 1)) xs
  , compose (+ 1) (* 3) 3
  )
