-- A gradient-descent solver in a module: iterate_while over a tuple that
-- ends in a bool, whose continuation reads the field (s.3) of a
-- not-yet-known tuple type; entry points defined by partial application.
-- ==
-- entry: argmin_rev argmin_fwd
-- input { [1.0, -2.0] } output { [0.10737418240000003, -0.21474836480000006] }
-- input { [3.0, 0.5] } output { [0.32212254720000005, 0.053687091200000016] }
-- ==
-- entry: steps_rev
-- input { [1.0, -2.0] } output { 10i32 }
-- input { [0.0, 0.0] } output { 0i32 }

module solver = {
  def norm2 = map (** 2) >-> f64.sum

  def descend [n] (grad: ([n]f64 -> f64) -> [n]f64 -> [n]f64)
                  (f: [n]f64 -> f64) (x: [n]f64) : ([n]f64, i32) =
    let g = grad f
    let continue s = s.3
    let step (x, fx, i, _go) =
      let gx = g x
      in if norm2 gx <= 1e-12 || i == 10 then (x, fx, i, false)
         else let x' = map2 (-) x (map (* 0.1) gx)
              in (x', f x', i + 1, true)
    let (x, _, i, _) = iterate_while continue step (x, f x, 0i32, true)
    in (x, i)
}

def grad_r f x = vjp f x 1f64
def grad_f f x = map (\i -> jvp f x (map (const 0) x with [i] = 1f64)) (indices x)

def bowl (x: [2]f64) = x[0] ** 2 + x[1] ** 2

def argmin grad (start: [2]f64) = (solver.descend grad bowl start).0
def steps grad (start: [2]f64) = (solver.descend grad bowl start).1

entry argmin_rev = argmin grad_r
entry argmin_fwd = argmin grad_f
entry steps_rev = steps grad_r
