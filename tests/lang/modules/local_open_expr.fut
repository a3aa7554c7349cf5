-- Local open M.(e): module members shadow outer names, so literals and operators take the module's type.
-- ==
-- input { 1.5f32 2 } output { 4.0f32 7 3.0f32 1.0 }

module V = {
  def scale = 2i32
  def add (a: i32) (b: i32) = a + b * scale
}

def main (x: f32) (k: i32) =
  ( f32.(x * 2 + 1)
  , V.(add k scale + 1)
  , f32.(max x 3 - 0)
  , f64.(sqrt 1)
  )
