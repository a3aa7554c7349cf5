-- | Array functions (LANGUAGE.md §13.2).  Preconditions such as "not
-- empty" are enforced by the bounds checks of the indexing and slicing
-- expressions used below.

def length [n] 't (_: [n]t) : i64 = n

def null [n] 't (_: [n]t) : bool = n == 0

def head [n] 't (x: [n]t) : t = x[0]

def last [n] 't (x: [n]t) : t = x[n-1]

-- `x[1:]` is an invalid slice when `x` is empty, which gives the error.
def tail [n] 't (x: [n]t) : [n-1]t = x[1:] :> [n-1]t

def init [n] 't (x: [n]t) : [n-1]t = x[0:n-1] :> [n-1]t

def take [n] 't (i: i64) (x: [n]t) : [i]t = x[0:i]

def drop [n] 't (i: i64) (x: [n]t) : [n-i]t = x[i:] :> [n-i]t

def sized [m] 't (n: i64) (xs: [m]t) : [n]t = xs :> [n]t

def split [n] [m] 't (xs: [n+m]t) : ([n]t, [m]t) =
  (xs[0:n], (xs[n:n+m] :> [m]t))

def reverse [n] 't (x: [n]t) : [n]t = x[::-1] :> [n]t

def (++) [n] [m] 't (xs: [n]t) (ys: [m]t) : *[n+m]t = __concat xs ys

def concat [n] [m] 't (xs: [n]t) (ys: [m]t) : *[n+m]t = __concat xs ys

def iota (n: i64) : *[n]i64 = __iota n

def indices [n] 't (_: [n]t) : *[n]i64 = __iota n

def rotate [n] 't (r: i64) (a: [n]t) : [n]t = __rotate r a

def replicate 't (n: i64) (x: t) : *[n]t = __replicate n x

def rep 't [n] (x: t) : *[n]t = __replicate n x

def copy 't (x: t) : *t = __copy x

def manifest 't (x: t) : *t = __copy x

def flatten [n] [m] 't (xs: [n][m]t) : [n*m]t = __flatten xs

def flatten_3d [n] [m] [l] 't (xs: [n][m][l]t) : [n*m*l]t =
  __flatten (__flatten xs)

def flatten_4d [n] [m] [l] [k] 't (xs: [n][m][l][k]t) : [n*m*l*k]t =
  __flatten (flatten_3d xs)

def unflatten 't [n] [m] (xs: [n*m]t) : [n][m]t = __unflatten n m xs

def unflatten_3d 't [n] [m] [l] (xs: [n*m*l]t) : [n][m][l]t =
  __unflatten n m (__unflatten (n*m) l xs)

def unflatten_4d 't [n] [m] [l] [k] (xs: [n*m*l*k]t) : [n][m][l][k]t =
  __unflatten n m (__unflatten (n*m) l (__unflatten (n*m*l) k xs))

def transpose [n] [m] 't (a: [n][m]t) : [m][n]t = __transpose a

def and [n] (xs: [n]bool) : bool = __reduce (\x y -> x && y) true xs

def or [n] (xs: [n]bool) : bool = __reduce (\x y -> x || y) false xs

def foldl [n] 'a 'b (f: a -> b -> a) (acc: a) (bs: [n]b) : a =
  loop acc' = acc for b in bs do f acc' b

def foldr [n] 'a 'b (f: b -> a -> a) (acc: a) (bs: [n]b) : a =
  loop acc' = acc for i < n do f bs[n-1-i] acc'

def tabulate 'a (n: i64) (f: i64 -> a) : *[n]a = __map f (__iota n)

def tabulate_2d 'a (n: i64) (m: i64) (f: i64 -> i64 -> a) : *[n][m]a =
  __map (\i -> __map (f i) (__iota m)) (__iota n)

def tabulate_3d 'a (n: i64) (m: i64) (o: i64) (f: i64 -> i64 -> i64 -> a) : *[n][m][o]a =
  __map (\i -> __map (\j -> __map (f i j) (__iota o)) (__iota m)) (__iota n)
