-- A loop whose array grows has an unknown size after it.
-- ==
-- error: :7:18: Sizes "[a-z0-9]+" and "n" do not match

def main [n] (xs: [n]i32) =
  let ys = loop ys = xs for _i < 2 do ys ++ ys
  in map2 (+) ys xs
