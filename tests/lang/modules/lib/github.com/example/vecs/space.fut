-- | Vector spaces over a scalar module. The module type names a module
-- spec; the functors take a module type parameter named like a module type.

module type space = {
  type real
  type vector
  val add : vector -> vector -> vector
  val scale : real -> vector -> vector
  val dot : vector -> vector -> real
}

module type plane = {
  type real
  include space with real = real with vector = {x: real, y: real}
  val cross : vector -> vector -> real
}

-- | The plane over any real module; the parameter is named `real`, like the
-- module type it has.
module mk_plane (real: real) : plane with real = real.t = {
  type real = real.t
  type vector = {x: real, y: real}
  def add (a: vector) (b: vector) = {x = a.x real.+ b.x, y = a.y real.+ b.y}
  def scale (s: real) (v: vector) = {x = s real.* v.x, y = s real.* v.y}
  def dot (a: vector) (b: vector) = real.(a.x * b.x + a.y * b.y)
  def cross (a: vector) (b: vector) = real.(a.x * b.y - a.y * b.x)
}

-- An import after a module declaration starts a declaration of its own.
import "vec"

-- | A space whose vectors have a representation given by a `vec` module;
-- the module type keeps that module as a member.
module type vspace = {
  type real
  module V : vec
  include space with real = real with vector = V.vec real
  val to_array : vector -> [V.len]real
}

module mk_vspace (V: vec) (real: real) : vspace with real = real.t with V.vec 'a = V.vec a = {
  type real = real.t
  module V = V
  type vector = V.vec real
  def add (a: vector) (b: vector) = V.map (\(x, y) -> x real.+ y) (V.zip a b)
  def scale (s: real) (v: vector) = V.map (s real.*) v
  def dot (a: vector) (b: vector) = V.fold (real.+) (real.i64 0) (V.map (\(x, y) -> x real.* y) (V.zip a b))
  def to_array (v: vector) = V.to_array v
}
