-- Branches of different sizes give an unknown size.
-- ==
-- error: :7:18: Sizes "[a-z0-9]+" and "n" do not match

def main [n] (c: bool) (xs: [n]i32) =
  let ys = if c then xs else xs ++ xs
  in map2 (+) ys xs
