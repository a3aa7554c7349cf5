-- Adjoints that reach one element: the minimum or maximum of a map sends
-- its adjoint to the selected element only (the first on ties), through
-- chains of maps, beside dense adjoints of the same array, and from an
-- indexed element. Expected values derived by hand.

def sqdist [d] (a: [d]f64) (b: [d]f64) : f64 = f64.sum (map2 (\x y -> (x - y) * (x - y)) a b)

def nearest [n] [k] [d] (ps: [n][d]f64) (cs: [k][d]f64) : f64 =
  f64.sum (map (\p -> f64.minimum (map (sqdist p) cs)) ps)

-- Gradient 2 * sum (c - p) over the points nearest to c; Hessian diagonal
-- 2 * their number.
-- ==
-- entry: nearest_grad_hdiag
-- input { [[0.0, 0.0], [1.0, 0.0], [0.0, 1.0], [5.0, 5.0], [6.0, 5.0]] [[0.5, 0.5], [5.0, 5.0]] }
-- output { [[1.0, 1.0], [-2.0, 0.0]] [[6.0, 6.0], [4.0, 4.0]] }
-- input { [[0.0], [2.0], [4.0]] [[1.0], [3.0]] }
-- output { [[0.0], [-2.0]] [[4.0], [2.0]] }
entry nearest_grad_hdiag [n] [k] [d] (ps: [n][d]f64) (cs: [k][d]f64) : ([k][d]f64, [k][d]f64) =
  jvp2 (\c -> vjp (nearest ps) c 1) cs (map (map (const 1)) cs)

-- max_i w x_i^2: the adjoint 2 w x_i at the first maximum, w' = x_i^2; an
-- empty input gives -inf and no adjoint.
-- ==
-- entry: argmax
-- input { [1.0, -3.0, 2.0] 0.5 } output { [0.0, -3.0, 0.0] 9.0 }
-- input { [2.0, -2.0, 1.0] 1.0 } output { [4.0, 0.0, 0.0] 4.0 }
-- input { empty([0]f64) 1.0 } output { empty([0]f64) 0.0 }
entry argmax [n] (xs: [n]f64) (w: f64) : ([n]f64, f64) =
  vjp (\(xs, w) -> f64.maximum (map (\x -> w * x * x) xs)) (xs, w) 1

-- min_i (x_i - c)^2 + c through two maps: at the minimum x_1 = 1.5,
-- x_1' = 2 (x_1 - c) = 1 and c' = -2 (x_1 - c) + 1 = 0.
-- ==
-- entry: chain
-- input { [3.0, 1.5, 4.0] 1.0 } output { [0.0, 1.0, 0.0] 0.0 }
entry chain [n] (xs: [n]f64) (c: f64) : ([n]f64, f64) =
  vjp (\(xs, c) -> f64.minimum (map (\y -> y * y + c) (map (\x -> x - c) xs))) (xs, c) 1

-- min ys + sum ys with ys = c x^2 = [9, 1, 4]: ys' = [1, 2, 1],
-- x' = 2 c x ys' = [6, -4, 4], c' = sum x^2 ys' = 15.
-- ==
-- entry: min_and_sum
-- input { [3.0, -1.0, 2.0] 1.0 } output { [6.0, -4.0, 4.0] 15.0 }
entry min_and_sum [n] (xs: [n]f64) (c: f64) : ([n]f64, f64) =
  vjp (\(xs, c) -> let ys = map (\x -> x * x * c) xs in f64.minimum ys + f64.sum ys) (xs, c) 1

-- ys[1] * c = c^2 x_1^2: x_1' = 2 c^2 x_1 = 36, c' = 2 c x_1^2 = 24.
-- ==
-- entry: indexed
-- input { [1.0, 2.0, 3.0] 3.0 } output { [0.0, 36.0, 0.0] 24.0 }
entry indexed [n] (xs: [n]f64) (c: f64) : ([n]f64, f64) =
  vjp (\(xs, c) -> let ys = map (\x -> x * x * c) xs in ys[1] * c) (xs, c) 1

-- A replicated seed: every row's adjoint is 1, x' = 6x.
-- ==
-- entry: replicated_seed
-- input { [1.0, -2.0, 0.5] } output { [6.0, -12.0, 3.0] }
entry replicated_seed [n] (xs: [n]f64) : [n]f64 = vjp (map (\x -> x * x * 3)) xs (replicate n 1)
