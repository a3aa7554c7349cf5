-- scatter, scatter_2d, spread, hist, reduce_by_index and reduce_by_index_2d; out-of-range indices are ignored.
-- ==
-- input { [1, 2, 3, 4] }
-- output { [4, 0, 2, 1, 0] [[0, 7], [9, 0]] [9, 1, 9] [4, 2, 0] [5, 12, 0] [[1, 2], [0, 3]] }

def main (vs: [4]i32) =
  ( scatter (replicate 5 0) [3, 2, -1, 0] vs
  , scatter_2d (replicate 2 (replicate 2 0)) [(0, 1), (1, 0), (2, 2)] [7, 9, 5]
  , spread 3 9 [1, 7] [1, 2]
  , hist (+) 0 3 [0, 1, 0, 5] vs
  , reduce_by_index [1, 2, 0] (*) 1 [0, 1, 1, 9] [5, 2, 3, 7]
  , reduce_by_index_2d (replicate 2 (replicate 2 0)) (+) 0 [(0, 0), (0, 1), (1, 1), (1, 5)] vs
  )
