-- tabulate, tabulate_2d, tabulate_3d.
-- ==
-- entry: tabulate_1
-- input { 4i64 } output { [0i64, 1i64, 4i64, 9i64] }
-- input { 0i64 } output { empty([0]i64) }

entry tabulate_1 (n: i64) : []i64 = tabulate n (\i -> i * i)

-- ==
-- entry: tabulate_2
-- input { 2i64 3i64 } output { [[0i64, 1i64, 2i64], [10i64, 11i64, 12i64]] }
-- input { 2i64 0i64 } output { empty([2][0]i64) }

entry tabulate_2 (n: i64) (m: i64) : [][]i64 = tabulate_2d n m (\i j -> i * 10 + j)

-- ==
-- entry: tabulate_3
-- input { 2i64 2i64 3i64 }
-- output { [[[0i64, 1i64, 2i64], [10i64, 11i64, 12i64]], [[100i64, 101i64, 102i64], [110i64, 111i64, 112i64]]] }

entry tabulate_3 (n: i64) (m: i64) (o: i64) : [][][]i64 =
  tabulate_3d n m o (\i j k -> i * 100 + j * 10 + k)

-- ==
-- entry: tabulate_f32
-- input { 3i64 } output { [0.5f32, 1.5f32, 2.5f32] }

entry tabulate_f32 (n: i64) : []f32 = tabulate n (\i -> f32.i64 i + 0.5)
