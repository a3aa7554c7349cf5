-- r32, t32, r64, t64 (truncation toward zero; NaN gives 0), not, and the
-- identities opaque, trace and break.
-- ==
-- entry: conversions
-- input { 3 -2.7f32 -5 2.9 -2.9 }
-- output { 3f32 -2 -5.0 2 -2 }

entry conversions (a: i32) (b: f32) (c: i32) (d: f64) (e: f64) : (f32, i32, f64, i32, i32) =
  (r32 a, t32 b, r64 c, t64 d, t64 e)

-- ==
-- entry: truncate_special
-- input { f32.nan f64.inf } output { 0 0 }

entry truncate_special (a: f32) (b: f64) : (i32, i32) = (t32 a, t64 b)

-- ==
-- entry: not_test
-- input { [true, false] } output { [false, true] }

entry not_test (bs: []bool) : []bool = map not bs

-- ==
-- entry: identities
-- input { 41 [1.5, 2.5] } output { 42 43 [1.5, 2.5] }

entry identities (x: i32) (xs: []f64) : (i32, i32, []f64) =
  (opaque (x + 1), break (x + 2), trace xs)
