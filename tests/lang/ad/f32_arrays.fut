-- AD on f32 arrays: the gradient of log-sum-exp is softmax; jvp2 of a weighted sum.
-- ==
-- input { [1.0f32, 2.0f32, 3.0f32] }
-- output { [0.09003057f32, 0.24472847f32, 0.66524096f32] 3.40760596f32 4.5f32 }

def lse [n] (xs: [n]f32) : f32 = f32.log (f32.sum (map f32.exp xs))

def main [n] (xs: [n]f32) : ([n]f32, f32, f32) =
  let (y, _) = jvp2 lse xs (replicate n 0)
  let w = [0.5f32, -1, 2] :> [n]f32
  in (vjp lse xs 1, y, jvp (\v -> f32.sum (map2 (*) w v)) xs xs)
