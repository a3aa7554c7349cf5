-- Doc comments before specs, module declarations and local definitions.
-- ==
-- input { 6 } output { 7 12 }

-- | A module type with documented specs.
module type counter = {
  -- | The counter type.
  type t
  -- | Make a counter.
  -- Continues here.
  val mk : i32 -> t
  -- | Read it.
  val get : t -> i32
}

-- | The implementation.
module c : counter = {
  type t = i32
  -- | Documented inside a structure.
  def mk (x: i32) : t = x + 1
  def get (x: t) : i32 = x
}

def main (x: i32) =
  -- | Doc-comment syntax inside an expression is an ordinary comment.
  let y = c.get (c.mk x)
  in (y, x * 2)
