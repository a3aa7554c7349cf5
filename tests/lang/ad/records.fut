-- AD on functions with record arguments and record results: tangents and cotangents are records.
-- ==
-- entry: vjp_record
-- input { 3.0 2.0 } output { 4.0 12.0 }

type pt = {x: f64, y: f64}

def f (p: pt) : f64 = p.x * p.y * p.y

entry vjp_record (a: f64) (b: f64) : (f64, f64) =
  let r = vjp f {x = a, y = b} 1
  in (r.x, r.y)

-- ==
-- entry: jvp_record
-- input { 3.0 2.0 } output { 4.0 12.0 }

entry jvp_record (a: f64) (b: f64) : (f64, f64) =
  (jvp f {x = a, y = b} {x = 1, y = 0}, jvp f {x = a, y = b} {x = 0, y = 1})

-- ==
-- entry: vjp_record_result
-- input { 3.0 2.0 } output { 3.0 4.0 5.0 6.0 }

def g (p: pt) : {s: f64, t: f64} = {s = p.x + p.y, t = p.x * p.y}

entry vjp_record_result (a: f64) (b: f64) : (f64, f64, f64, f64) =
  let r = vjp g {x = a, y = b} {s = 1, t = 1}
  let t = jvp g {x = a, y = b} {x = 1, y = 0}
  in (r.x, r.y, t.s + 4, t.t + 4)
