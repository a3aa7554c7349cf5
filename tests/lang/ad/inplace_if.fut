-- Reverse mode of loops and ifs that update arrays in place inside if branches, and under mjp.
-- ==
-- entry: clamp_grad
-- input { [1.0, -2.0, 3.0] 2.0 [1.0, 10.0, 100.0] } output { [2.0, 0.0, 6.0] [2.0, 0.0, 200.0] 301.0 }

def clamp [n] (xs: [n]f64) (c: f64) : [n]f64 =
  loop ys = copy xs for i < n do
    if ys[i] > 0 then ys with [i] = ys[i] * c else ys with [i] = 0

entry clamp_grad [n] (xs: [n]f64) (c: f64) (dy: [n]f64) =
  let (y, (dxs, dc)) = vjp2 (\(xs, c) -> clamp xs c) (xs, c) dy
  in (y, dxs, dc)

-- ==
-- entry: clamp_mjp
-- input { [1.0, -2.0, 3.0] 2.0 } output { [[2.0, 0.0, 2.0], [6.0, 0.0, 6.0]] [4.0, 12.0] }

entry clamp_mjp [n] (xs: [n]f64) (c: f64) : ([2][n]f64, [2]f64) =
  unzip (mjp (\(xs, c) -> f64.sum (clamp xs c)) (xs, c) [1, 3])

-- A product with the previous element, only where that one exceeds 1:
-- here [x0, x1 x0, x2, x3 x2], whose sum has gradient [1 + x1, x0, 1 + x3, x2].
-- ==
-- entry: chain_grad
-- input { [2.0, 0.4, 3.0, 4.0] } output { 17.8 [1.4, 2.0, 5.0, 3.0] }

def chain [n] (xs: [n]f64) : f64 =
  f64.sum (loop acc = copy xs for i < n do
             if i > 0 && acc[i - 1] > 1 then acc with [i] = acc[i] * acc[i - 1] else acc)

entry chain_grad [n] (xs: [n]f64) = vjp2 chain xs 1

-- An if outside loops whose result is returned: the primal result keeps the update.
-- ==
-- entry: top_grad
-- input { [1.0, 2.0, 3.0] 2.0 [1.0, 10.0, 100.0] } output { [4.0, 2.0, 3.0] [0.0, 12.0, 100.0] 2.0 }

def top [n] (xs: [n]f64) (c: f64) : [n]f64 =
  let zs = copy xs
  in if c > 1 then zs with [0] = zs[1] * c else zs with [1] = c

entry top_grad [n] (xs: [n]f64) (c: f64) (dy: [n]f64) =
  let (y, (dxs, dc)) = vjp2 (\(xs, c) -> top xs c) (xs, c) dy
  in (y, dxs, dc)

-- An if inside an if: [x0 c, x1 + c, x2, x3 + c] where x0, x1, x3 exceed 1.
-- ==
-- entry: nested_grad
-- input { [2.0, 3.0, 0.5, 4.0] 3.0 } output { 19.5 [3.0, 1.0, 1.0, 1.0] 4.0 }

def nested [n] (xs: [n]f64) (c: f64) : f64 =
  f64.sum (loop ys = copy xs for i < n do
             if ys[i] > 1 then (if i % 2 == 0 then ys with [i] = ys[i] * c else ys with [i] = ys[i] + c) else ys)

entry nested_grad [n] (xs: [n]f64) (c: f64) =
  let (y, (dxs, dc)) = vjp2 (\(xs, c) -> nested xs c) (xs, c) 1
  in (y, dxs, dc)

-- Rows swapped or one element scaled: [[m00 c, m01], [m11, m10]].
-- ==
-- entry: rows_grad
-- input { [[1.0, 2.0], [4.0, 3.0]] 5.0 [[1.0, 2.0], [3.0, 4.0]] }
-- output { [[5.0, 2.0], [3.0, 4.0]] [[5.0, 2.0], [4.0, 3.0]] 1.0 }

def rows [n] (m: [n][2]f64) (c: f64) : [n][2]f64 =
  loop m = copy m for i < n do
    if m[i, 0] > m[i, 1] then m with [i] = [m[i, 1], m[i, 0]] else m with [i, 0] = m[i, 0] * c

entry rows_grad [n] (m: [n][2]f64) (c: f64) (dy: [n][2]f64) =
  let (y, (dm, dc)) = vjp2 (\(m, c) -> rows m c) (m, c) dy
  in (y, dm, dc)

-- ==
-- entry: rows_mjp
-- input { [[1.0, 2.0], [4.0, 3.0]] 5.0 } output { [[[5.0, 2.0], [4.0, 3.0]], [[0.0, 1.0], [0.0, 1.0]]] [1.0, 0.0] }

entry rows_mjp (m: [2][2]f64) (c: f64) : ([2][2][2]f64, [2]f64) =
  unzip (mjp (\(m, c) -> rows m c) (m, c) [[[1, 2], [3, 4]], [[0, 1], [1, 0]]])
