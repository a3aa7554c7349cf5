-- Records: field order irrelevant, shorthand fields, record patterns with renaming and ascription, numeric fields.
-- ==
-- input { 3 4 } output { 7 12 true 3 4 25 }

type point = {x: i32, y: i32}

def norm2 ({x, y}: point) = x * x + y * y

def main (a: i32) (b: i32) =
  let x = a
  let p : point = {x, y = b}
  let q : {y: i32, x: i32} = {y = b, x = a}
  let {x = px, y = py: i32} = q
  in (p.x + p.y, px * py, p == q, px, py, norm2 p)
