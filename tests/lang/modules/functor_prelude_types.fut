-- Functors over the prelude module types integral, numeric and float, using conversions and constants.
-- ==
-- input { 12u8 } output { 2i32 13i32 255u8 12i64 }

module bits (I: integral) = {
  def ones (x: I.t) : i32 = I.popc x
  def low (x: I.t) : i32 = I.ctz x + 11
}

module bounds (N: numeric) = {
  def top : N.t = N.highest
  def wide (x: N.t) : i64 = N.to_i64 x
}

module fl (F: float) = {
  def ulp : F.t = F.epsilon
}

module b8 = bits u8
module n8 = bounds u8
module f32x = fl f32

def main (x: u8) : (i32, i32, u8, i64) =
  (b8.ones x, b8.low x, n8.top, n8.wide x + i64.f32 (f32x.ulp * 0))
