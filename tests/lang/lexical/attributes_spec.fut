-- Attributes on specs inside a module type and on declarations inside a module.
-- ==
-- input { 4 } output { 9 }

module type S = {
  #[noinline]
  val f : i32 -> i32
  #[some_attr(1)] type t
  val g : t -> i32
  val mk : i32 -> t
}

module M : S = {
  #[inline] def f (x: i32) = 2 * x + 1
  type t = i32
  def g (x: t) = x
  def mk (x: i32) : t = x
}

def main (x: i32) = M.g (M.mk (M.f x))
