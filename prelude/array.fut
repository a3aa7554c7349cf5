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

-- | The flat index range [lo, hi] that an affine view reads: offset plus
-- i_d * s_d for 0 <= i_d < n_d in each dimension; empty if some n_d is 0.
-- An index outside [0, n) is the error "Index [i] out of bounds ...".
local def flat_check (n: i64) (offset: i64) (dims: [](i64, i64)) : () =
  let empty = __reduce (\x y -> x || y) false (__map (\(k, _) -> k == 0) dims)
  let lo = offset + __reduce (+) 0 (__map (\(k, s) -> if s < 0 then (k - 1) * s else 0) dims)
  let hi = offset + __reduce (+) 0 (__map (\(k, s) -> if s > 0 then (k - 1) * s else 0) dims)
  in __check_index (empty || (0 <= lo && hi < n)) (if lo < 0 then lo else hi) n

-- | `flat_index_2d as offset n1 s1 n2 s2` is the [n1][n2] array whose
-- element (i, j) is `as[offset + i*s1 + j*s2]`.
def flat_index_2d [n] 'a (as: [n]a) (offset: i64) (n1: i64) (s1: i64) (n2: i64) (s2: i64) : *[n1][n2]a =
  let () = flat_check n offset [(n1, s1), (n2, s2)]
  in tabulate_2d n1 n2 (\i j -> as[offset + i * s1 + j * s2])

-- | `flat_update_2d as offset s1 s2 vs` writes `vs[i, j]` to
-- `as[offset + i*s1 + j*s2]`.
def flat_update_2d [n] [k] [l] 'a (as: *[n]a) (offset: i64) (s1: i64) (s2: i64) (vs: [k][l]a) : *[n]a =
  let () = flat_check n offset [(k, s1), (l, s2)]
  in __scatter as (flatten (tabulate_2d k l (\i j -> offset + i * s1 + j * s2))) (flatten vs)

def flat_index_3d [n] 'a (as: [n]a) (offset: i64) (n1: i64) (s1: i64) (n2: i64) (s2: i64) (n3: i64) (s3: i64) : *[n1][n2][n3]a =
  let () = flat_check n offset [(n1, s1), (n2, s2), (n3, s3)]
  in tabulate_3d n1 n2 n3 (\i j k -> as[offset + i * s1 + j * s2 + k * s3])

def flat_update_3d [n] [k] [l] [p] 'a (as: *[n]a) (offset: i64) (s1: i64) (s2: i64) (s3: i64) (vs: [k][l][p]a) : *[n]a =
  let () = flat_check n offset [(k, s1), (l, s2), (p, s3)]
  in __scatter as (flatten_3d (tabulate_3d k l p (\i j q -> offset + i * s1 + j * s2 + q * s3))) (flatten_3d vs)

def flat_index_4d [n] 'a (as: [n]a) (offset: i64) (n1: i64) (s1: i64) (n2: i64) (s2: i64) (n3: i64) (s3: i64) (n4: i64) (s4: i64) : *[n1][n2][n3][n4]a =
  let () = flat_check n offset [(n1, s1), (n2, s2), (n3, s3), (n4, s4)]
  in tabulate n1 (\i -> tabulate_3d n2 n3 n4 (\j k q -> as[offset + i * s1 + j * s2 + k * s3 + q * s4]))

def flat_update_4d [n] [k] [l] [p] [q] 'a (as: *[n]a) (offset: i64) (s1: i64) (s2: i64) (s3: i64) (s4: i64) (vs: [k][l][p][q]a) : *[n]a =
  let () = flat_check n offset [(k, s1), (l, s2), (p, s3), (q, s4)]
  let is = tabulate k (\i -> tabulate_3d l p q (\j r t -> offset + i * s1 + j * s2 + r * s3 + t * s4))
  in __scatter as (flatten_4d is) (flatten_4d vs)
