-- Functors applied to the results of other functors, with transparent result types threaded through with.
-- ==
-- input { 3.0 } output { 24.0 7.0 9.0 }

module type num = {
  type t
  val add : t -> t -> t
  val one : t
}

module doubled (X: num) : num with t = X.t = {
  type t = X.t
  def add (a: t) (b: t) : t = X.add (X.add a b) (X.add a b)
  def one : t = X.add X.one X.one
}

module base : num with t = f64 = {
  type t = f64
  def add (a: f64) (b: f64) = a + b
  def one : f64 = 1
}

module d1 = doubled base
module d2 = doubled (doubled base)

def main (x: f64) : (f64, f64, f64) =
  (d2.add x 0, d1.add x 0.5, d2.one + base.one)
