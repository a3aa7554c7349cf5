-- A size that would have to equal itself plus one: the occurs check for
-- sizes, which prints the size expression.
-- ==
-- error: :8:38: Occurs check: cannot instantiate a size with \?\+1

def grow [n] (xs: [n]i32) : [n+1]i32 = xs ++ [1]

def main (xs: []i32) = zip (grow xs) xs
