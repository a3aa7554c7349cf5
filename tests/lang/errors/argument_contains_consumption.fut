-- A partial application of a consuming function passed as an argument:
-- map would consume the array once per element.
-- ==
-- error: :9:9: Argument of functional type .* contains consumption

def update (xs: *[]i32) (i: i64) (y: i32) = xs with [i] = y

def main (xs: *[]i32) (is: []i64) =
  map2 (update xs) is (map i32.i64 is)
