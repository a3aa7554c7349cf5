-- Reverse AD of scans whose operators have Jacobian patterns (seed 003, section 7.4): ZeroQuad (independent blocks, here of sizes 1, 1+2 and 2+2) and MatrixMul (equal blocks: shared affine scale, 2x2 and 3x3 matrix products).
-- Expected values: exact forward-mode dual numbers over rationals (small cases) and a tape-based reverse mode in floats (n = 10000, where parallel backends combine partial scans), in Python, not by running Fluxion.

-- (+, *, max, min) componentwise: four independent scalar recurrences.
-- ==
-- entry: indep
-- input { [1.0, 2.0, 3.0, 0.5] [2.0, 0.5, 3.0, -1.0] [5.0, 1.0, 7.0, 6.0] [4.0, 2.0, 3.0, 1.0]
--         [1.0, 2.0, 3.0, 4.0] [1.0, -1.0, 2.0, 0.5] [1.0, 1.0, 1.0, 1.0] [2.0, 1.0, 0.5, 1.0] }
-- output { [10.0, 9.0, 7.0, 4.0] [2.75, 7.0, 1.5, 1.5] [2.0, 0.0, 2.0, 0.0] [2.0, 1.5, 0.0, 1.0] }

entry indep [n] (a: [n]f64) (b: [n]f64) (c: [n]f64) (d: [n]f64) (sa: [n]f64) (sb: [n]f64) (sc: [n]f64) (sd: [n]f64) =
  vjp (\(a, b, c, d) ->
         unzip4 (scan (\(a1, b1, c1, d1) (a2, b2, c2, d2) -> (a1 + a2, b1 * b2, f64.max c1 c2, f64.min d1 d2))
                      (0, 1, -f64.inf, f64.inf) (zip4 a b c d)))
      (a, b, c, d) (sa, sb, sc, sd)

-- A sum next to the pair operator of seed 003: blocks of sizes 1 and 2.
-- ==
-- entry: mixed_blocks
-- input { [1.0, 2.0, 3.0] [1.0, 3.0, 5.0] [2.0, 4.0, 6.0] [1.0, 1.0, 1.0] [1.0, 0.0, 1.0] [0.0, 1.0, 1.0] }
-- output { [3.0, 2.0, 1.0] [25.0, 12.0, 8.0] [66.0, 30.0, 18.0] }

entry mixed_blocks [n] (a: [n]f64) (b: [n]f64) (c: [n]f64) (sa: [n]f64) (sb: [n]f64) (sc: [n]f64) =
  vjp (\(a, b, c) -> unzip3 (scan (\(a1, b1, c1) (a2, b2, c2) -> (a1 + a2, c1 * b2 + c2 * b1, c1 * c2)) (0, 0, 1) (zip3 a b c)))
      (a, b, c) (sa, sb, sc)

-- Two independent pair operators: two different 2x2 blocks.
-- ==
-- entry: pairs
-- input { [1.0, 3.0, 5.0] [2.0, 4.0, 6.0] [0.5, 1.0, -1.0] [2.0, 0.5, 3.0] [1.0, 0.0, 1.0] [0.0, 1.0, 1.0] [1.0, 1.0, 1.0] [1.0, 2.0, 0.5] }
-- output { [25.0, 12.0, 8.0] [66.0, 30.0, 18.0] [3.0, 8.0, 1.0] [6.25, 7.0, 2.75] }

def pair2 (a1: f64, b1: f64, c1: f64, d1: f64) (a2: f64, b2: f64, c2: f64, d2: f64) : (f64, f64, f64, f64) =
  (b1 * a2 + b2 * a1, b1 * b2, d1 * c2 + d2 * c1, d1 * d2)

entry pairs [n] (a: [n]f64) (b: [n]f64) (c: [n]f64) (d: [n]f64) (sa: [n]f64) (sb: [n]f64) (sc: [n]f64) (sd: [n]f64) =
  vjp (\(a, b, c, d) -> unzip4 (scan pair2 (0, 1, 0, 1) (zip4 a b c d))) (a, b, c, d) (sa, sb, sc, sd)

-- Two affine maps sharing their scale: the first-argument Jacobian is diag(c2, c2, c2).
-- ==
-- entry: affine_shared
-- input { [1.0, 2.0, 3.0] [0.5, -1.0, 2.0] [2.0, 3.0, 0.5] [1.0, 1.0, 1.0] [1.0, 0.0, 2.0] [0.5, 1.0, 1.0] }
-- output { [5.5, 1.5, 1.0] [4.0, 1.0, 2.0] [5.0, 5.0, 12.0] }

entry affine_shared [n] (a: [n]f64) (b: [n]f64) (c: [n]f64) (sa: [n]f64) (sb: [n]f64) (sc: [n]f64) =
  vjp (\(a, b, c) -> unzip3 (scan (\(a1, b1, c1) (a2, b2, c2) -> (a1 * c2 + a2, b1 * c2 + b2, c1 * c2)) (0, 0, 1) (zip3 a b c)))
      (a, b, c) (sa, sb, sc)

-- 2x2 matrix products taken the other way round (y x): equal blocks on components {0,2} and {1,3}.
-- ==
-- entry: mm_swapped
-- input { [1.0, 0.0, 2.0] [2.0, 1.0, 0.0] [3.0, 1.0, 0.0] [4.0, 0.0, 2.0] [1.0, 0.0, 1.0] [0.0, 1.0, 1.0] [0.0, 0.0, 1.0] [0.0, 0.0, 1.0] }
-- output { [3.0, 8.0, 7.0] [2.0, 18.0, 3.0] [2.0, 6.0, 7.0] [3.0, 14.0, 3.0] }

def mm2 (a1: f64, b1: f64, c1: f64, d1: f64) (a2: f64, b2: f64, c2: f64, d2: f64) : (f64, f64, f64, f64) =
  (a1 * a2 + b1 * c2, a1 * b2 + b1 * d2, c1 * a2 + d1 * c2, c1 * b2 + d1 * d2)

entry mm_swapped [n] (a: [n]f64) (b: [n]f64) (c: [n]f64) (d: [n]f64) (sa: [n]f64) (sb: [n]f64) (sc: [n]f64) (sd: [n]f64) =
  vjp (\(a, b, c, d) -> unzip4 (scan (\x y -> mm2 y x) (1, 0, 0, 1) (zip4 a b c d))) (a, b, c, d) (sa, sb, sc, sd)

-- 3x3 matrix products (9-tuples, row-major): one 3x3 block shared by three rows. The inputs are integers so that the AD property tests (tests/adprop), which differentiate every float entry point again, leave it out: under rev.NoSpecialCases the vjp of this vjp applies the generic rule to a scan of 9 + 81 components and expands to about 1.7 million statements (3300 with the patterns).
-- ==
-- entry: mm3
-- input { [[2i64, 4i64, 0i64, 0i64, 2i64, 2i64, 2i64, 0i64, 2i64], [4i64, 0i64, 2i64, 2i64, 2i64, 0i64, 0i64, 2i64, 2i64], [2i64, 2i64, 0i64, 0i64, 4i64, 2i64, 2i64, 0i64, 1i64]]
--         [[2i64, 0i64, 0i64, 0i64, 2i64, 0i64, 0i64, 0i64, 2i64], [2i64, 2i64, 2i64, 0i64, 0i64, 0i64, 0i64, 0i64, 0i64], [1i64, 2i64, 2i64, 2i64, 2i64, 2i64, 2i64, 2i64, 4i64]] }
-- output { [[8.0, 6.5, 6.0, 5.5, 6.0, 4.5, 6.0, 6.0, 7.0], [4.5, 8.0, 4.0, 7.0, 11.0, 5.5, 4.0, 7.0, 3.5], [5.0, 7.0, 9.0, 4.0, 5.0, 6.0, 3.5, 4.0, 6.0]] }

def mm3mul (a1: f64, b1: f64, c1: f64, d1: f64, e1: f64, f1: f64, g1: f64, h1: f64, i1: f64)
           (a2: f64, b2: f64, c2: f64, d2: f64, e2: f64, f2: f64, g2: f64, h2: f64, i2: f64) =
  (a1 * a2 + b1 * d2 + c1 * g2, a1 * b2 + b1 * e2 + c1 * h2, a1 * c2 + b1 * f2 + c1 * i2,
   d1 * a2 + e1 * d2 + f1 * g2, d1 * b2 + e1 * e2 + f1 * h2, d1 * c2 + e1 * f2 + f1 * i2,
   g1 * a2 + h1 * d2 + i1 * g2, g1 * b2 + h1 * e2 + i1 * h2, g1 * c2 + h1 * f2 + i1 * i2)

-- The matrices and seeds are given doubled, as i64.
entry mm3 [n] (m2: [n][9]i64) (s2: [n][9]i64) : [n][9]f64 =
  let half = map (map (\x -> f64.i64 x / 2))
  in vjp (\m -> map (\(a, b, c, d, e, f, g, h, i) -> [a, b, c, d, e, f, g, h, i])
                    (scan mm3mul (1, 0, 0, 0, 1, 0, 0, 0, 1) (map (\r -> (r[0], r[1], r[2], r[3], r[4], r[5], r[6], r[7], r[8])) m)))
         (half m2) (half s2)

-- Large scans (sums of the adjoints of each component) of 2x2 reflections, which do not commute: the order of the matrix products matters where a backend combines partial scans. mm8_big scans pairs of them, x y on components 0-3 and y x on 4-7: two classes of equal blocks.
-- ==
-- entry: mm_big
-- input { 10000i64 }
-- output { 18099.420307745913 3406.349236019176 -3365.99172753962 18101.427210980542 }

def reflections (n: i64) (step: f64) (off: f64) : ([n]f64, [n]f64, [n]f64, [n]f64) =
  let ph = map (\i -> step * f64.i64 i + off) (iota n)
  in (map f64.cos ph, map f64.sin ph, map f64.sin ph, map (\t -> -(f64.cos t)) ph)

entry mm_big (n: i64) : (f64, f64, f64, f64) =
  let x = map f64.i64 (iota n)
  let (a, b, c, d) = reflections n 0.37 0
  let (ga, gb, gc, gd) =
    vjp (\(a, b, c, d) -> unzip4 (scan mm2 (1, 0, 0, 1) (zip4 a b c d))) (a, b, c, d)
        (map (\i -> f64.sin (0.01 * i)) x, replicate n 1, replicate n 0.5, map (\i -> f64.cos (0.02 * i)) x)
  in (f64.sum ga, f64.sum gb, f64.sum gc, f64.sum gd)

-- ==
-- entry: mm8_big
-- input { 10000i64 }
-- output { 18099.420307745913 3406.349236019176 -3365.99172753962 18101.427210980542
--          -22070.890641532562 5994.826918851106 -5988.068352576036 -22063.021047565722 }

def mm8 (x0: f64, x1: f64, x2: f64, x3: f64, x4: f64, x5: f64, x6: f64, x7: f64)
        (y0: f64, y1: f64, y2: f64, y3: f64, y4: f64, y5: f64, y6: f64, y7: f64) =
  let (a, b, c, d) = mm2 (x0, x1, x2, x3) (y0, y1, y2, y3)
  let (e, f, g, h) = mm2 (y4, y5, y6, y7) (x4, x5, x6, x7)
  in (a, b, c, d, e, f, g, h)

entry mm8_big (n: i64) : (f64, f64, f64, f64, f64, f64, f64, f64) =
  let x = map f64.i64 (iota n)
  let (a, b, c, d) = reflections n 0.37 0
  let (e, f, g, h) = reflections n 0.53 0.2
  let xs = map (\i -> (a[i], b[i], c[i], d[i], e[i], f[i], g[i], h[i])) (iota n)
  let ss = map (\i -> (f64.sin (0.01 * x[i]), 1, 0.5, f64.cos (0.02 * x[i]), 1, f64.sin (0.03 * x[i]), 2, -1)) (iota n)
  let gs = vjp (\xs -> scan mm8 (1, 0, 0, 1, 1, 0, 0, 1) xs) xs ss
  in (f64.sum (map (.0) gs), f64.sum (map (.1) gs), f64.sum (map (.2) gs), f64.sum (map (.3) gs),
      f64.sum (map (.4) gs), f64.sum (map (.5) gs), f64.sum (map (.6) gs), f64.sum (map (.7) gs))
