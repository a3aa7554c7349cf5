-- Integer AD (LANGUAGE.md §14.3, §14.4): integer tangents with wrap-around and truncating division rules.
-- ==
-- entry: int_poly
-- input { 5 } output { 30 30 }

entry int_poly (x: i32) : (i32, i32) = (jvp (\x -> x * x * 3) x 1, vjp (\x -> x * x * 3) x 1)

-- ==
-- entry: horner
-- input { 2i64 } output { 23i64 23i64 }
-- input { 0i64 } output { 3i64 3i64 }

def cubic (x: i64) : i64 = loop acc = 0 for i < 4 do acc * x + (i + 1)

entry horner (x: i64) : (i64, i64) = (vjp cubic x 1, jvp cubic x 1)

-- ==
-- entry: wraps
-- input { 5 3000 } output { -1294967296 }

entry wraps (x: i32) (dx: i32) : i32 = jvp (\x -> x * 1000000) x dx

-- ==
-- entry: division
-- input { 10 6 } output { 0 6 40 7 0 }

entry division (x: i32) (dx: i32) : (i32, i32, i32, i32, i32) =
  ( jvp (\x -> x / 3) x dx
  , jvp (\x -> x / 1) x dx
  , jvp (\x -> x << 3) 1 5
  , vjp (\x -> x % 4) x 7
  , jvp (\x -> x & 3) x dx
  )

-- ==
-- entry: int_minmax
-- input { 4 4 } output { 1 0 1 0 }
-- input { 3 4 } output { 0 1 1 0 }

entry int_minmax (a: i32) (b: i32) : (i32, i32, i32, i32) =
  let (da, db) = vjp (\(x, y) -> i32.max x y) (a, b) 1
  let (ma, mb) = vjp (\(x, y) -> i32.min x y) (a, b) 1
  in (da, db, ma, mb)
