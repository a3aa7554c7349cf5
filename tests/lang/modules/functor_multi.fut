-- Functors with several parameters applied with juxtaposition, to names, parenthesised and inline modules.
-- ==
-- input { 3 } output { 10 7 8 }

module type value = { type t val v : t val to_i32 : t -> i32 }

module combine (A: value) (B: value) (C: value) = {
  def total (x: i32) = A.to_i32 A.v + B.to_i32 B.v + C.to_i32 C.v + x
}

module one = { type t = i32 def v = 1 def to_i32 (x: i32) = x }
module two = { type t = f64 def v = 2.0 def to_i32 (x: f64) = i32.f64 x }

module c1 = combine one two (one)
module c2 = combine (two) { type t = bool def v = true def to_i32 (b: bool) = i32.bool b } one

module pairing (A: value) (B: value) : { val sum : i32 } = {
  def sum = A.to_i32 A.v * 4 + B.to_i32 B.v * 2
}

module p = pairing one two

def main (x: i32) = (c1.total x + 3, c2.total x - 1 + 1, p.sum)
