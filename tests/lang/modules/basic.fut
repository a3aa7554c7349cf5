-- Structures with values, types and nested modules; qualified access M.x, M.N.x and M.t.
-- ==
-- input { 4 } output { 5 8 42 12 }

module M = {
  type t = i32
  def inc (x: t) : t = x + 1
  module N = {
    def double (x: i32) = x * 2
    def answer : i32 = 42
  }
  module type S = { val v : i32 }
}

module K : M.S = { def v = 12 }

def main (x: M.t) : (M.t, i32, i32, i32) = (M.inc x, M.N.double x, M.N.answer, K.v)
