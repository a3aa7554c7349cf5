-- The result of filter has an unknown size, equal to no other size.
-- ==
-- error: :6:30: Sizes "[a-z0-9]+" and "n" do not match

def main [n] (xs: [n]i32) : [n]i32 =
  map2 (*) (filter (> 0) xs) xs
