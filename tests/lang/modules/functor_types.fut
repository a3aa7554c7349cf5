-- Module types of parametric modules: a functor parameter that is itself a
-- functor (named or unnamed parameter), a module type whose module spec is
-- a functor refined by its own parameter, and a functor ascribed to a
-- functor type. Each application elaborates the argument functor anew.
-- ==
-- entry: through_kits
-- input { [1.0, 2.0, 3.0] } output { 1i64 14.0 2i64 28.0 }
-- ==
-- entry: higher_order
-- input { [1.0, 2.0, 3.0] } output { 28.0 14.0 }
-- input { [0.0, 0.0, 0.5] } output { 0.5 0.25 }

module type vector = {
  type vector 'a
  val map 'a 'b : (a -> b) -> vector a -> vector b
  val sum : vector f64 -> f64
  val from_array 'a : [3]a -> vector a
}

module vec3 : vector with vector 'a = [3]a = {
  type vector 'a = [3]a
  def map = map
  def sum (v: [3]f64) = reduce (+) 0 v
  def from_array 'a (v: [3]a) = v
}

module type linalg = {
  module V : vector
  val norm2 : V.vector f64 -> f64
}

module mk_linalg (V: vector) : linalg with V.vector 'a = V.vector a = {
  module V = V
  def norm2 (v: V.vector f64) = V.sum (V.map (\x -> x * x) v)
}

module mk_scaled (V: vector) : linalg with V.vector 'a = V.vector a = {
  module V = V
  def norm2 (v: V.vector f64) = 2 * V.sum (V.map (\x -> x * x) v)
}

-- A library interface holding a functor.
module type kit = {
  module mk : (V: vector) -> linalg with V.vector 'a = V.vector a
  val name : i64
}

module kit_a : kit = { module mk = mk_linalg def name = 1i64 }
module kit_b : kit = { module mk = mk_scaled def name = 2i64 }

module use (K: kit) = {
  module L = K.mk vec3
  -- The refinement in kit makes L.V.vector the same type as vec3's.
  def go (a: [3]f64) = (K.name, L.norm2 a)
}

module UA = use kit_a
module UB = use kit_b

entry through_kits (a: [3]f64) =
  let (n1, x1) = UA.go a
  let (n2, x2) = UB.go a
  in (n1, x1, n2, x2)

-- An unnamed parameter: the result's vector type is abstract, reachable
-- only through the result's own V.
module twice (F: vector -> linalg) (V: vector) = {
  module L = F V
  def go (a: [3]f64) = L.norm2 (L.V.map (\x -> x) (L.V.from_array a))
}

module type functor_t = (V: vector) -> linalg
module plain : functor_t = mk_linalg

module T = twice mk_scaled vec3
module P = plain vec3

entry higher_order (a: [3]f64) = (T.go a, P.norm2 (P.V.from_array a))
