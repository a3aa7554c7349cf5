-- Miscellaneous prelude functions: all, any, and, or, foldl, foldr, not, opaque, trace, manifest.
-- ==
-- input { [1, 2, 3] } output { true false true false 123 2 false 6 [1, 2, 3] }
-- input { empty([0]i32) } output { true false true false 0 0 false 0 empty([0]i32) }

def main (xs: []i32) =
  ( all (> 0) xs
  , any (> 5) xs
  , and (map (> 0) xs)
  , or (map (< 0) xs)
  , foldl (\acc x -> acc * 10 + x) 0 xs
  , foldr (\x acc -> x - acc) 0 xs
  , not (opaque true)
  , trace (i32.sum xs)
  , manifest xs
  )
