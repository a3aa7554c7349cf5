-- match branches extend up to the next case; the first matching case wins; match is an expression.
-- ==
-- input { 2 } output { 21 1 }
-- input { 5 } output { 50 0 }

def main (x: i32) =
  let a = 1 + match x
              case 2 -> 10 + 10
              case 2 -> 999
              case _ -> x * 10 - 1
  let b = match x % 2 == 0 case true -> 1 case false -> 0
  in (a, b)
