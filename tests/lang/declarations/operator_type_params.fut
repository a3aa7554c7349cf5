-- Operators with type and size parameters use the prefix definition form.
-- ==
-- input { [1, 2, 3] [4, 5, 6] } output { [1, 2, 3, 4, 5, 6] [2, 3, 4] 9 }

def (+++) 't [n] [m] (xs: [n]t) (ys: [m]t) : [n + m]t = xs ++ ys
def (<&>) 'a 'b [n] (f: a -> b) (xs: [n]a) : [n]b = map f xs
def (>>.) 'a (x: a) (f: a -> a) : a = f (f x)

def main (xs: [3]i32) (ys: [3]i32) =
  (xs +++ ys, (+ 1) <&> xs, 5 >>. (+ 2))
