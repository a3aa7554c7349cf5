-- Module types with include and with, functors, local open, operators.

module type monoid = {
  type t
  val zero: t
  val (+): t -> t -> t
}

module type group = {
  include monoid
  val neg: t -> t
  val -: t -> t -> t
}

module type vector = {
  type elem
  type~ vec
  module E: group with t = elem
  val from_array [n]: [n]elem -> vec
  val dot: vec -> vec -> elem
  #[inline] val scale 'a: (a -> elem) -> a -> vec -> vec
}

module add_f32 : group with t = f32 = {
  type t = f32
  def zero = 0f32
  def (+) (x: t) (y: t) = x f32.+ y
  def neg (x: t) = -x
  def (-) (x: t) (y: t) = x f32.- y
}

module mk_vector (G: group) : vector with elem = G.t = {
  type elem = G.t
  type~ vec = []elem
  module E = G
  def from_array [n] (xs: [n]elem) : vec = xs
  def dot (a: vec) (b: vec) : elem =
    reduce (G.+) G.zero (map2 (\x y -> x G.+ G.neg y) a (b :> [length a]elem))
  def scale 'a (f: a -> elem) (x: a) (v: vec) = map (G.+ f x) v
}

module V = mk_vector add_f32
module pair (A: monoid) (B: monoid) = {
  type t = (A.t, B.t)
  def zero : t = (A.zero, B.zero)
  def (a: t) +++ (b: t) : t = (a.0 A.+ b.0, a.1 B.+ b.1)
}
module P = pair add_f32 { type t = i32 def zero = 0i32 def (+) (a: i32) (b: i32) = a + b }
module id_functor = \(M: monoid) : monoid -> M

local def helper (x: f32) = f32.(x * 2 + 1)
open V

entry use (xs: []f32) : f32 =
  let v = V.from_array xs
  in dot v v + helper 1 + (P.zero.0)

type opt 'a = #some a | #none
type^ endo 'a = a -> a
type matrix [n][m] 't = [n][m]t
type~ ragged = ?[k].[k]i32

def get 'a (d: a) (o: opt a) : a =
  match o
  case #some x -> x
  case #none -> d

def apply_twice 'a (f: endo a) : endo a = \x -> f (f x)
def ident (m: matrix [2][2] f32) : matrix [2][2] f32 = copy m
