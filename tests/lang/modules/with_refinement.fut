-- Chained and nested with refinements of module types, including parametric abstract types.
-- ==
-- input { 3 } output { 4.0 3i64 [3, 3] }

module type container = {
  type elem
  type t 'a
  type key
  val wrap 'a : a -> t a
  val unwrap 'a : t a -> a
  val conv : key -> elem
}

module type outer = {
  module inner : container
  val count : i64
}

module impl : outer with inner.elem = f64 with inner.key = i32 = {
  module inner = {
    type elem = f64
    type t 'a = (a, i32)
    type key = i32
    def wrap 'a (x: a) : t a = (x, 0)
    def unwrap 'a ((x, _): t a) : a = x
    def conv (k: i32) : f64 = f64.i32 k + 1
  }
  def count : i64 = 3
}

def main (x: i32) =
  (impl.inner.conv x, impl.count, impl.inner.unwrap (impl.inner.wrap [x, x]))
