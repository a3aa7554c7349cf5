-- | Fixed-length vectors behind an abstract interface: the element type is
-- a parameter of the abstract type, and the length a value of the module.

module type vec = {
  -- | A vector of `len` elements of type `a`.
  type vec 'a
  val len : i64
  val map 'a 'b : (a -> b) -> vec a -> vec b
  val zip 'a 'b : vec a -> vec b -> vec (a, b)
  val fold 'a 'b : (b -> a -> b) -> b -> vec a -> b
  val fill 'a : a -> vec a
  val to_array 'a : vec a -> [len]a
  val from_array 'a : [len]a -> vec a
}

-- | Vectors of one element, represented by the element itself.
module single : vec = {
  type vec 'a = a
  def len = 1i64
  def map f x = f x
  def zip a b = (a, b)
  def fold f acc x = f acc x
  def fill x = x
  def to_array x = [x]
  def from_array xs = xs[0]
}

-- | The concatenation of two vector representations.
module append (X: vec) (Y: vec) : vec = {
  type vec 'a = (X.vec a, Y.vec a)
  def len = X.len + Y.len
  def map f (x, y) = (X.map f x, Y.map f y)
  def zip (a, b) (c, d) = (X.zip a c, Y.zip b d)
  def fold f acc (x, y) = Y.fold f (X.fold f acc x) y
  def fill v = (X.fill v, Y.fill v)
  def to_array 'a ((x, y): vec a) : [len]a = X.to_array x ++ Y.to_array y :> [len]a
  def from_array 'a (xs: [len]a) : vec a =
    (X.from_array (take X.len xs), Y.from_array (drop X.len xs :> [Y.len]a))
}
