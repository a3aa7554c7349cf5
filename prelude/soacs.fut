-- | Second-order array combinators (LANGUAGE.md §13.1).

import "zip"
import "array"

def map 'a [n] 'x (f: a -> x) (as: [n]a) : *[n]x = __map f as

def map1 'a [n] 'x (f: a -> x) (as: [n]a) : *[n]x = __map f as

def map2 'a 'b [n] 'x (f: a -> b -> x) (as: [n]a) (bs: [n]b) : *[n]x =
  __map (\(a, b) -> f a b) (zip as bs)

def map3 'a 'b 'c [n] 'x (f: a -> b -> c -> x) (as: [n]a) (bs: [n]b) (cs: [n]c) : *[n]x =
  __map (\(a, b, c) -> f a b c) (zip3 as bs cs)

def map4 'a 'b 'c 'd [n] 'x (f: a -> b -> c -> d -> x) (as: [n]a) (bs: [n]b) (cs: [n]c) (ds: [n]d) : *[n]x =
  __map (\(a, b, c, d) -> f a b c d) (zip4 as bs cs ds)

def map5 'a 'b 'c 'd 'e [n] 'x (f: a -> b -> c -> d -> e -> x) (as: [n]a) (bs: [n]b) (cs: [n]c) (ds: [n]d) (es: [n]e) : *[n]x =
  __map (\(a, b, c, d, e) -> f a b c d e) (zip5 as bs cs ds es)

def reduce [n] 'a (op: a -> a -> a) (ne: a) (as: [n]a) : a = __reduce op ne as

def reduce_comm [n] 'a (op: a -> a -> a) (ne: a) (as: [n]a) : a = __reduce_comm op ne as

def scan [n] 'a (op: a -> a -> a) (ne: a) (as: [n]a) : *[n]a = __scan op ne as

-- | Element `i` is the inclusive scan's element `i-1`, and `ne` first.
def exscan [n] 'a (op: a -> a -> a) (ne: a) (as: [n]a) : *[n]a =
  let s = __scan op ne as
  in __map (\i -> if i == 0 then ne else s[i-1]) (iota n)

def hist 'a [n] (op: a -> a -> a) (ne: a) (k: i64) (is: [n]i64) (as: [n]a) : *[k]a =
  __hist (replicate k ne) op ne is as

def reduce_by_index 'a [k] [n] (dest: *[k]a) (op: a -> a -> a) (ne: a) (is: [n]i64) (as: [n]a) : *[k]a =
  __hist dest op ne is as

-- The multi-dimensional forms work on the flattened destination; a pair
-- with any component out of range maps to -1, which `__hist` ignores.
def reduce_by_index_2d 'a [k] [n] [m] (dest: *[k][m]a) (op: a -> a -> a) (ne: a) (is: [n](i64, i64)) (as: [n]a) : *[k][m]a =
  let flat (i, j) = if 0 <= i && i < k && 0 <= j && j < m then i * m + j else -1
  in __unflatten k m (__hist (flatten dest) op ne (__map flat is) as)

def reduce_by_index_3d 'a [k] [n] [m] [l] (dest: *[k][m][l]a) (op: a -> a -> a) (ne: a) (is: [n](i64, i64, i64)) (as: [n]a) : *[k][m][l]a =
  let flat (i, j, h) =
    if 0 <= i && i < k && 0 <= j && j < m && 0 <= h && h < l
    then (i * m + j) * l + h
    else -1
  in __unflatten k m (__unflatten (k*m) l (__hist (flatten_3d dest) op ne (__map flat is) as))

def scatter 't [k] [n] (dest: *[k]t) (is: [n]i64) (vs: [n]t) : *[k]t =
  __scatter dest is vs

def scatter_2d 't [k] [n] [l] (dest: *[k][n]t) (is: [l](i64, i64)) (vs: [l]t) : *[k][n]t =
  let flat (i, j) = if 0 <= i && i < k && 0 <= j && j < n then i * n + j else -1
  in __unflatten k n (__scatter (flatten dest) (__map flat is) vs)

def scatter_3d 't [k] [n] [o] [l] (dest: *[k][n][o]t) (is: [l](i64, i64, i64)) (vs: [l]t) : *[k][n][o]t =
  let flat (i, j, h) =
    if 0 <= i && i < k && 0 <= j && j < n && 0 <= h && h < o
    then (i * n + j) * o + h
    else -1
  in __unflatten k n (__unflatten (k*n) o (__scatter (flatten_3d dest) (__map flat is) vs))

def spread 't [n] (k: i64) (x: t) (is: [n]i64) (vs: [n]t) : *[k]t =
  __scatter (replicate k x) is vs

-- | Each kept element goes to its rank among the kept elements, computed
-- by an inclusive scan of 0/1 flags; dropped elements go to -1.
def filter [n] 'a (p: a -> bool) (as: [n]a) : *[]a =
  let flags = __map (\x -> if p x then 1i64 else 0i64) as
  let offsets = __scan (+) 0i64 flags
  let m = if n == 0 then 0i64 else offsets[n-1]
  let dests = __map (\(f, o) -> if f == 1 then o - 1 else -1) (zip flags offsets)
  in __scatter (copy as[0:m]) dests as

def partition [n] 'a (p: a -> bool) (as: [n]a) : ?[k].([k]a, [n-k]a) =
  let yes = __map (\x -> if p x then 1i64 else 0i64) as
  let yes_offsets = __scan (+) 0i64 yes
  let no_offsets = __scan (+) 0i64 (__map (\f -> 1 - f) yes)
  let c = if n == 0 then 0i64 else yes_offsets[n-1]
  let dests = __map (\(f, yo, no) -> if f == 1 then yo - 1 else c + no - 1)
                    (zip3 yes yes_offsets no_offsets)
  let res = __scatter (copy as) dests as
  in (res[0:c], (res[c:n] :> [n-c]a))

def partition2 [n] 'a (p1: a -> bool) (p2: a -> bool) (as: [n]a) : ?[k][l].([k]a, [l]a, [n-k-l]a) =
  -- Group 0 satisfies p1, group 1 only p2, group 2 neither.
  let group x = if p1 x then 0i64 else if p2 x then 1i64 else 2i64
  let onehot g = (if g == 0 then 1i64 else 0i64,
                  if g == 1 then 1i64 else 0i64,
                  if g == 2 then 1i64 else 0i64)
  let add3 (a0, a1, a2) (b0, b1, b2) : (i64, i64, i64) = (a0 + b0, a1 + b1, a2 + b2)
  let gs = __map group as
  let offsets = __scan add3 (0i64, 0i64, 0i64) (__map onehot gs)
  let (c0, c1, _) = if n == 0 then (0i64, 0i64, 0i64) else offsets[n-1]
  let dests = __map (\(g, (o0, o1, o2)) ->
                       if g == 0 then o0 - 1
                       else if g == 1 then c0 + o1 - 1
                       else c0 + c1 + o2 - 1)
                    (zip gs offsets)
  let res = __scatter (copy as) dests as
  in (res[0:c0], (res[c0:c0+c1] :> [c1]a), (res[c0+c1:n] :> [n-c0-c1]a))

def all [n] 'a (p: a -> bool) (as: [n]a) : bool =
  __reduce (\x y -> x && y) true (__map p as)

def any [n] 'a (p: a -> bool) (as: [n]a) : bool =
  __reduce (\x y -> x || y) false (__map p as)

-- | The data array is filled segment by segment with in-place slice
-- updates, so `f` runs twice per element and the work is linear in the
-- output.  Its initial contents are copies of the first output element,
-- computed inside a map over at most one index so that no value of type
-- `b` is needed when the output is empty.
def flatmap' [n] 'a 'b (f: a -> ?[k].[k]b) (as: [n]a) : ?[m].([n]i64, [m]bool, [n]i64, [m]b) =
  let S = __map (\x -> length (f x)) as
  let O = exscan (+) 0i64 S
  let m = __reduce (+) 0i64 S
  let starts = __map (\(s, o) -> if s > 0 then o else -1) (zip S O)
  let F = __scatter (replicate m false) starts (replicate n true)
  let first_nonempty = __reduce (\x y -> if x < y then x else y) n
                                (__map (\(s, i) -> if s > 0 then i else n) (zip S (iota n)))
  let seed = __map (\_ -> (f as[first_nonempty])[0]) (iota (if m > 0 then 1 else 0))
  let D = loop D = __map (\_ -> seed[0]) (iota m) for i < n do
            D with [O[i]:O[i]+S[i]] = f as[i]
  in (S, F, O, D)

def flatmap [n] 'a 'b 'c (f: a -> ?[k].([k]b, c)) (as: [n]a) : ?[m].([n]i64, [m]bool, [n]i64, [m]b, [n]c) =
  let (S, F, O, D) = flatmap' (\x -> (f x).0) as
  let C = __map (\x -> (f x).1) as
  in (S, F, O, D, C)
