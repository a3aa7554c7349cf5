-- zip, zip2 .. zip5 and unzip, unzip2 .. unzip5.
-- ==
-- entry: zip_sub
-- input { [5, 7] [1, 2] } output { [4, 5] [4, 5] }
-- input { empty([0]i32) empty([0]i32) } output { empty([0]i32) empty([0]i32) }

entry zip_sub [n] (xs: [n]i32) (ys: [n]i32) : ([n]i32, [n]i32) =
  (map (\(a, b) -> a - b) (zip xs ys), map (\(a, b) -> a - b) (zip2 xs ys))

-- ==
-- entry: zip_mismatch
-- input { [1, 2] [1, 2, 3] } error: .

entry zip_mismatch [n] [m] (xs: [n]i32) (ys: [m]i32) : [n]i32 =
  map (\(a, b) -> a + b) (zip xs (ys :> [n]i32))

-- ==
-- entry: zip3_5
-- input { [1, 2] [3, 4] [5, 6] [7, 8] [9, 0] } output { [135, 246] [1357, 2468] [13579, 24680] }

entry zip3_5 [n] (a: [n]i32) (b: [n]i32) (c: [n]i32) (d: [n]i32) (e: [n]i32) : ([n]i32, [n]i32, [n]i32) =
  (map (\(x, y, z) -> x * 100 + y * 10 + z) (zip3 a b c),
   map (\(w, x, y, z) -> w * 1000 + x * 100 + y * 10 + z) (zip4 a b c d),
   map (\(v, w, x, y, z) -> v * 10000 + w * 1000 + x * 100 + y * 10 + z) (zip5 a b c d e))

-- ==
-- entry: unzip_all
-- input { [1, 2] }
-- output { [1, 2] [2, 3] [1, 2] [2, 3] [1, 2] [2, 3] [2, 4] [1, 2] [2, 3] [2, 4] [0, 1]
--          [1, 2] [2, 3] [2, 4] [0, 1] [1, 4] }

entry unzip_all (xs: []i32) =
  let (a1, b1) = unzip (map (\x -> (x, x + 1)) xs)
  let (a2, b2) = unzip2 (map (\x -> (x, x + 1)) xs)
  let (a3, b3, c3) = unzip3 (map (\x -> (x, x + 1, x * 2)) xs)
  let (a4, b4, c4, d4) = unzip4 (map (\x -> (x, x + 1, x * 2, x - 1)) xs)
  let (a5, b5, c5, d5, e5) = unzip5 (map (\x -> (x, x + 1, x * 2, x - 1, x * x)) xs)
  in (a1, b1, a2, b2, a3, b3, c3, a4, b4, c4, d4, a5, b5, c5, d5, e5)

-- Element types may differ.
-- ==
-- entry: unzip_mixed
-- input { [true, false] [1.5, 2.5] } output { [1.5, -2.5] }

entry unzip_mixed [n] (bs: [n]bool) (xs: [n]f64) : [n]f64 =
  let (bs', xs') = unzip (zip bs xs)
  in map2 (\b x -> if b then x else -x) bs' xs'
