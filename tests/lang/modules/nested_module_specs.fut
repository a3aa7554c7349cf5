-- Module types that specify nested modules, functor parameters that require them, and shadowed module names.
-- ==
-- input { 4 } output { 9 40 2 }

module type shape = {
  module dims : { val rank : i32 }
  val size : i32 -> i32
}

module square : shape = {
  module dims = { def rank : i32 = 2 }
  def size (x: i32) = x * x
}

module report (S: shape) = {
  def describe (x: i32) : (i32, i32) = (S.size x, S.dims.rank)
}

module r = report square

module square = { def size (x: i32) = x * 10 }

def main (x: i32) = ((r.describe x).0 - 7, square.size x, (r.describe x).1)
