-- Record updates with with: single fields, chains through nested records, and index steps into array fields.
-- ==
-- input { 1.0 2.0 } output { 5.0 2.0 1.0 9.0 [1.0, 7.0, 3.0] 3.0 }

type particle = {pos: [3]f64, vel: {x: f64, y: f64}, mass: f64}

def main (a: f64) (b: f64) =
  let p : particle = {pos = [1, 2, 3], vel = {x = a, y = b}, mass = 1}
  let q = p with mass = 5
  let r = q with vel.x = 9
  let s = copy r with pos.[1] = 7
  in (q.mass, q.vel.y, p.vel.x, s.vel.x, s.pos, (s with mass = 3).mass)
