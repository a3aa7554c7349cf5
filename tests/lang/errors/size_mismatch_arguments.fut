-- Two different size parameters are different sizes, statically.
-- ==
-- error: :6:15: Sizes "n" and "m" do not match

def main [n] [m] (xs: [n]i32) (ys: [m]i32) : [n]i32 =
  map2 (+) xs ys
