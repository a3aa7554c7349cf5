-- | Small vector spaces over a scalar field, laid out like a vendored package.

-- | The operations a scalar type must provide.
module type field = {
  type t
  val +: t -> t -> t
  val *: t -> t -> t
  val i64: i64 -> t
}

-- | Vectors of a statically known length over a field.
module type vector_space = {
  include field
  type vector [n]
  val dot [n]: vector [n] -> vector [n] -> t
  val scale [n]: t -> vector [n] -> vector [n]
  val axpy [n]: t -> vector [n] -> vector [n] -> vector [n]
  val from_array [n]: [n]t -> vector [n]
  val to_array [n]: vector [n] -> [n]t
  val zero : (n: i64) -> vector [n]
}

module mk_vector_space (T: field) : vector_space with t = T.t = {
  type t = T.t
  def (+) (a: t) (b: t) : t = a T.+ b
  def (*) (a: t) (b: t) : t = a T.* b
  def i64 (x: i64) : t = T.i64 x
  type vector [n] = [n]t
  def dot [n] (a: [n]t) (b: [n]t) : t = reduce (T.+) (T.i64 0) (map2 (T.*) a b)
  def scale [n] (s: t) (v: [n]t) : [n]t = map (T.* s) v
  def axpy [n] (a: t) (x: [n]t) (y: [n]t) : [n]t = map2 (\xi yi -> T.(a * xi + yi)) x y
  def from_array [n] (a: [n]t) : [n]t = a
  def to_array [n] (a: [n]t) : [n]t = a
  def zero (n: i64) : [n]t = replicate n (i64 0)
}

-- | An empty array whose type carries a size.
type size_witness [n] = [0][n]()

def witness_of [n] 'a (_: [n]a) : size_witness [n] = [] : [0][n]()

def ones_for [n] (_: size_witness [n]) : [n]f64 = replicate n 1
