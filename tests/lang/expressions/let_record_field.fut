-- Record-field let forms: let r.f = v and nested let r.a.b = v.
-- ==
-- input { 1 2 } output { 10 2 20 1 }

type inner = {b: i32, c: i32}
type outer = {a: inner, d: i32}

def main (x: i32) (y: i32) =
  let r : outer = {a = {b = x, c = y}, d = x}
  let r.a.b = 10
  let r.d = 20
  let s : inner = {b = x, c = 0}
  let s.c = y
  in (r.a.b, r.a.c, r.d, s.b + s.c - 2)
