-- Accumulators in source programs (v2 §3): scatter_stream replaces
-- elements (the last write wins), hist_stream combines them with its
-- operator; writes out of range are ignored; a function may write several
-- times, through a loop too. Reached with import "intrinsics" and as
-- intrinsics.*.
-- ==
-- entry: scatter
-- input { [0, 0, 0, 0] [1i64, 3i64, 9i64, 1i64] [5, 6, 7, 8] } output { [0, 8, 0, 6] }
-- input { [1, 2] empty([0]i64) empty([0]i32) } output { [1, 2] }
-- ==
-- entry: histogram
-- input { [0.0, 0.0, 0.0, 0.0] [0i64, 2i64, 3i64, 0i64] [1.0, 2.0, 3.0, 4.0] }
-- output { [5.0, 10.0, 2.0, 7.0] }
-- ==
-- entry: counts
-- input { 3i64 [0i64, 2i64, 2i64, -1i64, 2i64] } output { [1, 0, 3] }
-- ==
-- entry: rows
-- input { [[1, 1], [2, 2], [3, 3]] [2i64, 0i64] } output { [[2, 2], [2, 2], [3, 3]] }
-- ==
-- entry: loop_writes
-- input { 4i64 [1i64, 2i64] } output { [0i64, 1i64, 1i64, 0i64] }

import "intrinsics"

def put (acc: *acc ([]i32)) (i: i64, x: i32) : acc ([]i32) = acc_write acc i x

entry scatter (dest: *[]i32) (is: []i64) (vs: []i32) = scatter_stream dest put (zip is vs)

-- Each element adds x at i and 2x at i+1 (dropped past the end).
entry histogram (dest: *[]f64) (is: []i64) (vs: []f64) =
  hist_stream dest (+) 0 (\(acc: *acc ([]f64)) (i, x) -> acc_write (acc_write acc i x) (i + 1) (2 * x)) (zip is vs)

entry counts (k: i64) (is: []i64) : [k]i32 =
  intrinsics.hist_stream (replicate k 0) (+) 0 (\(acc: *acc ([k]i32)) i -> intrinsics.acc_write acc i 1) is

-- A row of a two-dimensional destination is written whole; the operator
-- combines rows elementwise (here: the maximum).
entry rows [k] (dest: *[k][2]i32) (is: []i64) : [k][2]i32 =
  hist_stream dest (map2 i32.max) [i32.lowest, i32.lowest]
              (\(acc: *acc ([k][2]i32)) i -> acc_write acc i [2, 2]) is

-- Element i writes i-1 at indices 1..i, in a loop; later writes win.
entry loop_writes (k: i64) (is: []i64) : [k]i64 =
  scatter_stream (replicate k 0) (\(acc: *acc ([k]i64)) i ->
                                   loop acc for j < i do acc_write acc (j + 1) (i - 1)) is
