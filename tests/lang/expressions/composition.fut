-- Function composition >-> and <-<, their associativity and their precedence relative to |>.
-- ==
-- input { 5 } output { 12 11 12 [13] 22 12 }

def inc (x: i32) = x + 1
def dbl (x: i32) = x * 2

def main (x: i32) =
  ( (inc >-> dbl) x
  , (inc <-< dbl) x
  , x |> inc >-> dbl
  , map (inc >-> dbl >-> inc) [x]
  , (dbl <-< inc <-< dbl) x
  , (inc >-> dbl |> id) x
  )
