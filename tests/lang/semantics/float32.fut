-- f32 arithmetic rounds every operation to binary32, unlike f64 (exact boolean checks).
-- ==
-- input { 0.1f32 0.2f32 0.1 0.2 }
-- output { true false true f32.inf true 0.300000012f32 }

def main (a: f32) (b: f32) (c: f64) (d: f64) =
  ( a + b == 0.3f32
  , c + d == 0.3
  , 16777216f32 + 1 == 16777216f32
  , 1e38f32 * 10
  , f64.f32 a != 0.1
  , a + b
  )
