-- Module types with value, abstract and transparent type specs, operator specs, include and with refinement.
-- ==
-- input { 3 4 } output { 7 12 0 3 }

module type monoid = {
  type t
  val zero : t
  val (+): t -> t -> t
}

module type ring = {
  include monoid
  val *: t -> t -> t
  type pair = (t, t)
  val both : t -> pair
}

module int_ring : ring with t = i32 = {
  type t = i32
  def zero : i32 = 0
  def (+) (a: i32) (b: i32) = a i32.+ b
  def (*) (a: i32) (b: i32) = a i32.* b
  type pair = (i32, i32)
  def both (x: i32) : pair = (x, x)
  def unexported = 99
}

def main (a: i32) (b: i32) =
  (a int_ring.+ b, a int_ring.* b, int_ring.zero, (int_ring.both a).1)
