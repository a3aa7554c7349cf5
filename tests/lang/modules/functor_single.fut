-- A parametric module with one parameter, applied to a user module and to prelude numeric modules.
-- ==
-- input { [1.0f32, 2.0f32, 3.0f32] [1.0, 2.0, 4.0] [3, 4] } output { 2.0f32 14.0f32 2.3333333333333335 7 }

module type addable = {
  type t
  val add : t -> t -> t
  val zero : t
}

module stats (R: real) = {
  def mean [n] (xs: [n]R.t) : R.t = R.sum xs R./ R.i64 n
  def sumsq [n] (xs: [n]R.t) : R.t = R.sum (map (\x -> x R.* x) xs)
}

module sum_of (A: addable) = {
  def total (xs: []A.t) : A.t = reduce A.add A.zero xs
}

module stats32 = stats f32
module stats64 = stats f64
module ints = sum_of { type t = i32 def add (a: i32) (b: i32) = a + b def zero : i32 = 0 }

def main (a: []f32) (b: []f64) (c: []i32) =
  (stats32.mean a, stats32.sumsq a, stats64.mean b, ints.total c)
