-- f16 arithmetic rounds every result to binary16: overflow goes to infinity, small integers are exact.
-- ==
-- input { 60000.0f16 0.5f16 } output { f16.inf 0.25f16 2048.0f16 true 1.5f16 }

def main (a: f16) (b: f16) =
  ( a + a
  , b * b
  , 2048f16 + 1
  , 2048f16 + 1 == 2048f16
  , b + 1
  )
