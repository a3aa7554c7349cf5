-- A member of a parametric module is reached only through an application
-- of it.
-- ==
-- error: :10:12: Module PM is a parametric module

module PM (P: { val x : i64 }) = {
  def y = P.x + 2
}

def z = PM.y
