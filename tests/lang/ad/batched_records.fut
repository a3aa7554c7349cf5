-- Batched and paired AD on record and tuple values: jmp over an array of record tangents, vjp2 with a record.
-- ==
-- input { 3.0 2.0 } output { [4.0, 12.0, 16.0] 12.0 4.0 12.0 }

type pt = {x: f64, y: f64}

def f (p: pt) : f64 = p.x * p.y * p.y

def main (a: f64) (b: f64) : ([3]f64, f64, f64, f64) =
  let dirs : [3]pt = [{x = 1, y = 0}, {x = 0, y = 1}, {x = 1, y = 1}]
  let (y, g) = vjp2 f {x = a, y = b} 1
  in (jmp f {x = a, y = b} dirs, y, g.x, g.y)
