-- Module members used as operators: sections keep their argument order,
-- backticks apply a member infix, and M.(e) opens a module locally so that
-- its operators and literals take the module's type.
-- ==
-- entry: sections
-- input { [5, 6, -7] } output { [4, 5, -8] [5, 4, 17] [2, 3, -4] [2, 3, -3] [2, 0, 2] }

entry sections (xs: []i32) : ([]i32, []i32, []i32, []i32, []i32) =
  (map (i32.- 1) xs, map (10 i32.-) xs, map (i32./ 2) xs, map (i32.// 2) xs, map (i32.% 3) xs)

-- ==
-- entry: backticks
-- input { 3 9 } output { 9 3 }

entry backticks (a: i32) (b: i32) : (i32, i32) = (a `i32.max` b, a `i32.min` b)

-- ==
-- entry: local_open
-- input { 2f32 } output { 7.14159274f32 }

entry local_open (x: f32) : f32 = f32.(x * 2 + pi)

-- The unsigned >> member is arithmetic; the built-in >> is logical.
-- ==
-- entry: unsigned_shift
-- input { 128u8 } output { 192u8 64u8 64u8 }

entry unsigned_shift (x: u8) : (u8, u8, u8) = (u8.(x >> 1), x >> 1, x u8.>>> 1)

-- ==
-- entry: reduce_member
-- input { [1.5, -2.0, 4.0] } output { 3.5 4.0 -2.0 }

entry reduce_member (xs: []f64) : (f64, f64, f64) =
  (reduce (f64.+) 0 xs, reduce f64.max f64.lowest xs, reduce f64.min f64.highest xs)
