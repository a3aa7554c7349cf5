-- jvp, jvp2, vjp, vjp2, jmp, jmp2, mjp, mjp2.  Derivatives worked out by
-- hand: d/dx x^3 = 3x^2; d/d(x,y) (x*y + sin x) = (y + cos x, x).
-- ==
-- entry: cube_fwd
-- input { 2.0 1.0 } output { 12.0 8.0 12.0 }
-- input { 2.0 0.5 } output { 6.0 8.0 6.0 }

entry cube_fwd (x: f64) (dx: f64) : (f64, f64, f64) =
  let (y, dy) = jvp2 (\v -> v * v * v) x dx
  in (jvp (\v -> v * v * v) x dx, y, dy)

-- ==
-- entry: cube_rev
-- input { 2.0 1.0 } output { 12.0 8.0 12.0 }
-- input { -1.0 2.0 } output { 6.0 -1.0 6.0 }

entry cube_rev (x: f64) (dy: f64) : (f64, f64, f64) =
  let (y, dx) = vjp2 (\v -> v * v * v) x dy
  in (vjp (\v -> v * v * v) x dy, y, dx)

-- ==
-- entry: pair_rev
-- input { 2.0 3.0 } output { 2.5838531634528574 2.0 }

entry pair_rev (x: f64) (y: f64) : (f64, f64) =
  vjp (\(a, b) -> a * b + f64.sin a) (x, y) 1

-- ==
-- entry: sum_squares
-- input { [1.0, 2.0, 3.0] [1.0, 0.0, 1.0] } output { [2.0, 4.0, 6.0] 8.0 }

entry sum_squares [n] (xs: [n]f64) (dxs: [n]f64) : ([n]f64, f64) =
  let f (v: [n]f64) = f64.sum (map (\x -> x * x) v)
  in (vjp f xs 1, jvp f xs dxs)

-- Batched tangents and cotangents.
-- ==
-- entry: batched_fwd
-- input { 3.0 [1.0, 2.0] } output { [6.0, 12.0] 9.0 [6.0, 12.0] }

entry batched_fwd [n] (x: f64) (dxs: [n]f64) : ([n]f64, f64, [n]f64) =
  let (y, ys) = jmp2 (\v -> v * v) x dxs
  in (jmp (\v -> v * v) x dxs, y, ys)

-- ==
-- entry: batched_rev
-- input { [2.0, 5.0] [1.0, 10.0] }
-- output { [[5.0, 2.0], [50.0, 20.0]] 10.0 [[5.0, 2.0], [50.0, 20.0]] }

entry batched_rev (x: [2]f64) (dys: [2]f64) : ([2][2]f64, f64, [2][2]f64) =
  let (y, xs) = mjp2 (\v -> v[0] * v[1]) x dys
  in (mjp (\v -> v[0] * v[1]) x dys, y, xs)
