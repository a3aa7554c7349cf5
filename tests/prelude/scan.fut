-- scan (inclusive) and exscan (exclusive), with a non-commutative
-- operator: (a, b) stands for x -> a*x + b.

def compose (a1: i64, b1: i64) (a2: i64, b2: i64) : (i64, i64) = (a1 * a2, a2 * b1 + b2)

-- ==
-- entry: scan_sum
-- input { [1, 2, 3, 4] } output { [1, 3, 6, 10] }
-- input { empty([0]i32) } output { empty([0]i32) }

entry scan_sum (xs: []i32) : []i32 = scan (+) 0 xs

-- ==
-- entry: scan_affine
-- input { [2i64, 3i64, 1i64] [1i64, 0i64, 5i64] } output { [2i64, 6i64, 6i64] [1i64, 3i64, 8i64] }

entry scan_affine [n] (as: [n]i64) (bs: [n]i64) : ([n]i64, [n]i64) =
  unzip (scan compose (1, 0) (zip as bs))

-- Products wrap around in i8.
-- ==
-- entry: scan_product_i8
-- input { [16i8, 16i8, 2i8] } output { [16i8, 0i8, 0i8] }
-- input { [-1i8, 127i8, 2i8] } output { [-1i8, -127i8, 2i8] }

entry scan_product_i8 (xs: []i8) : []i8 = scan (*) 1 xs

-- ==
-- entry: exscan_sum
-- input { [1, 2, 3, 4] } output { [0, 1, 3, 6] }
-- input { [5] } output { [0] }
-- input { empty([0]i32) } output { empty([0]i32) }

entry exscan_sum (xs: []i32) : []i32 = exscan (+) 0 xs

-- ==
-- entry: exscan_product
-- input { [2, 3, 4] } output { [1, 2, 6] }

entry exscan_product (xs: []i32) : []i32 = exscan (*) 1 xs

-- ==
-- entry: exscan_affine
-- input { [2i64, 3i64, 1i64] [1i64, 0i64, 5i64] } output { [1i64, 2i64, 6i64] [0i64, 1i64, 3i64] }

entry exscan_affine [n] (as: [n]i64) (bs: [n]i64) : ([n]i64, [n]i64) =
  unzip (exscan compose (1, 0) (zip as bs))
