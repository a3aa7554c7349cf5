-- Loops without '= init' take the initial values from same-named variables in scope.
-- ==
-- input { 5i64 } output { 8i64 5i64 13 }
-- input { 0i64 } output { 1i64 0i64 13 }

def main (n: i64) =
  let x = 1i64
  let y = 0i64
  let (x, y) = loop (x, y) for _i < n do (x + y, x)
  let acc = 10
  let acc = loop acc for i < 3 do acc + i
  in (x, y, acc)
