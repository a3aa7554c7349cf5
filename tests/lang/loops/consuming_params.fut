-- Loops whose parameters are consuming (updated in the body, or declared
-- unique): an inner loop updates two arrays of the outer loop, whose new
-- values are then the outer loop's; a unique parameter starts from a
-- fresh array.
-- ==
-- entry: nested
-- input { 3i64 } output { [2i64, 4i64, 6i64] [4i64, 8i64, 12i64] }
-- ==
-- entry: declared
-- input { 4i64 } output { [0i64, 1i64, 4i64, 9i64] }

entry nested (n: i64) =
  loop (hs, cs) = (replicate n 0, replicate n 0) for _t < 2 do
    let (_, hs', cs') =
      loop (x, hs, cs) = (0i64, hs, cs) for l < n do
        (x + 1, hs with [l] = hs[l] + x + 1, cs with [l] = cs[l] + 2 * (x + 1))
    in (hs', cs')

entry declared (n: i64) =
  loop (acc: *[n]i64) = replicate n 0 for i < n do acc with [i] = i * i
