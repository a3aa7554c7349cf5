-- GradBench's gradient-descent solver (GRADBENCH.md §2.11), shared by the
-- particle and saddle programs. Its comparisons are constants for AD.

def norm [n] (v: [n]f64) : f64 = f64.sqrt (f64.sum (map (\a -> a * a) v))

def argmin [n] (f: [n]f64 -> f64) (g: [n]f64 -> [n]f64) (x0: [n]f64) : [n]f64 =
  let (x, _, _, _, _, _) =
    loop (x, fx, gx, eta, i, go) = (x0, f x0, g x0, 1e-5, 0i64, true) while go do
      if norm gx <= 1e-5 then (x, fx, gx, eta, i, false)
      else if i == 10 then (x, fx, gx, 2 * eta, 0, true)
      else
        let x' = map2 (\a b -> a - eta * b) x gx
        in if norm (map2 (-) x x') <= 1e-5 then (x, fx, gx, eta, i, false)
           else
             let fx' = f x'
             in if fx' < fx then (x', fx', g x', eta, i + 1, true)
                else (x, fx, gx, eta / 2, 0, true)
  in x

def argmax [n] (f: [n]f64 -> f64) (g: [n]f64 -> [n]f64) (x0: [n]f64) : [n]f64 =
  argmin (\x -> -(f x)) (\x -> map f64.neg (g x)) x0
