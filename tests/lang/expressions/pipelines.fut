-- Forward and backward pipelines, their associativity, and their precedence below arithmetic.
-- ==
-- input { [1, 2, 3, 4] } output { 20 14 14 4i64 2i64 }

def main (xs: [4]i32) =
  ( xs |> map (* 2) |> reduce (+) 0
  , i32.sum <| map (+ 1) <| xs
  , 3 + 4 |> (* 2)
  , xs |> length
  , xs |> map (\x -> x - 1) |> filter (> 1) |> length
  )
