-- Specs with type parameters, size parameters, sized abstract types, and polymorphic values more general than their spec.
-- ==
-- input { [1, 2, 3] } output { 6 [1, 2, 3, 0] 3i64 }

module type seqs = {
  type t
  type buf [n]
  val sum [n]: [n]t -> t
  val pad [n]: [n]t -> [n + 1]t
  val mk [n]: [n]t -> buf [n]
  val len [n]: buf [n] -> i64
  val ident : i32 -> i32
}

module s : seqs with t = i32 = {
  type t = i32
  type buf [n] = [n]i32
  def sum [n] (xs: [n]i32) : i32 = i32.sum xs
  def pad [n] (xs: [n]i32) : [n + 1]i32 = xs ++ [0]
  def mk [n] (xs: [n]i32) : buf [n] = xs
  def len [n] (_: buf [n]) : i64 = n
  def ident x = x
}

def main [n] (xs: [n]i32) = (s.ident (s.sum xs), s.pad xs, s.len (s.mk xs))
