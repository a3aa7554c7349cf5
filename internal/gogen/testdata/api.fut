-- The exported API of a generated package: source parameter names
-- (tuple and record components, destructuring patterns, _), size names,
-- named results, and names that would clash with Go or the runtime.

type point = {x: f64, y: f64}

entry dot [n] (xs: [n]f64) (ys: [n]f64) : f64 =
  f64.sum (map2 (*) xs ys)

entry shapes [m] (a: [m][]f64) (b: [][3]i32) (p: (f64, [m]i32)) (r: point) ((u, v): (i64, bool)) (_: f32) : ({s: f64, t: [m]f64}, i64) =
  ({s = r.x + p.0 + f64.i32 b[0, 0], t = map f64.sum a}, if v then u else 0)

entry loss [n] (ps: [n]point) : {loss: f64, grad: [n]f64} =
  {loss = f64.sum (map (.x) ps), grad = map (.y) ps}

entry clashes (len: i64) (product: i64) (err: i64) (func: i64) (fn0_dot_0: i64) (a1: i64) (_: i64) : i64 =
  len + product + err + func + fn0_dot_0 + a1

entry patterns [n] ({x, y = b}: point) (ps: [n]point) (k: i64) (m: i64) (zs: [m]f64) : ([n]point, [k]i64, []f64, [m]f64) =
  (map (\p -> p with x = p.x + x + b) ps, iota k, filter (> 0) zs, zs)
