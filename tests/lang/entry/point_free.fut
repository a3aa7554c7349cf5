-- Entry points defined without parameter patterns take the arguments of their curried type.
-- ==
-- entry: add_one
-- input { [1, 2, 3] } output { [2, 3, 4] }

entry add_one = map (+ 1i32)

-- ==
-- entry: plus
-- input { 3 4 } output { 7 }

entry plus = (i32.+)

-- ==
-- entry: scaled
-- input { 2.0 [1.0, 2.0] } output { [2.0, 4.0] }

def scale (k: f64) (xs: []f64) : []f64 = map (* k) xs

entry scaled = scale
