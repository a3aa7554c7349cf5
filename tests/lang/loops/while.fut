-- while loops: the condition sees the current loop parameters; zero iterations when initially false.
-- ==
-- input { 6i64 } output { 8i64 6i64 }
-- input { 27i64 } output { 111i64 27i64 }
-- input { 1000i64 } output { 111i64 62i64 }

def collatz (n: i64) : i64 =
  let (_, steps) =
    loop (x, steps) = (n, 0) while x != 1 do
      if x % 2 == 0 then (x / 2, steps + 1) else (3 * x + 1, steps + 1)
  in steps

def main (n: i64) = (collatz n, loop x = n while x > 100 do x / 2)
