-- Determinant with factorial work (GradBench `det`): the sum over all ell!
-- permutations of the signed products, as GradBench's Futhark version does,
-- and its gradient (the cofactor matrix) by reverse-mode AD.
-- Expected outputs: GRADBENCH.md's test vector and values computed with the
-- Go oracle in bench/oracle (Laplace expansion and cofactors).

def fact (n: i64) : i64 = loop acc = 1 for i < n do acc * (i + 1)

-- Permutation number p (factorial number system) as row -> column, with its
-- inversion count: digit d_i picks the d_i-th unused column, adding d_i inversions.
def perm_of (ell: i64) (p: i64) : ([ell]i64, i64) =
  let (cols, _, _, inv) =
    loop (cols, used, r, inv) = (replicate ell 0, replicate ell false, p, 0) for i < ell do
      let f = fact (ell - 1 - i)
      let d = r / f
      let (c, _) =
        loop (c, k) = (-1, d) for j < ell do
          if c >= 0 || used[j] then (c, k)
          else if k == 0 then (j, k)
          else (c, k - 1)
      in (cols with [i] = c, used with [c] = true, r % f, inv + d)
  in (cols, inv)

def det [n] (ell: i64) (a: [n]f64) : f64 =
  let term p =
    let (cols, inv) = perm_of ell p
    let prod = f64.product (map2 (\i c -> a[i * ell + c]) (iota ell) cols)
    in if inv % 2 == 0 then prod else -prod
  in f64.sum (map term (iota (fact ell)))

-- ==
-- entry: primal
-- input { 3i64 [2.0, 1.0, 0.0, 1.0, 3.0, 1.0, 0.0, 1.0, 4.0] } output { 18.0 }
-- input { 1i64 [-2.5] } output { -2.5 }
-- input { 4i64 [1.0, 2.0, 0.0, 1.0, 0.0, 1.0, 3.0, 2.0, 2.0, 0.0, 1.0, 1.0, 1.0, 1.0, 0.0, 2.0] }
-- output { 18.0 }
-- "5" notest random input { 5i64 [25]f64 }
-- "8" notest random input { 8i64 [64]f64 }
-- "10" notest random input { 10i64 [100]f64 }

entry primal [n] (ell: i64) (a: [n]f64) : f64 = det ell a

-- ==
-- entry: gradient
-- input { 3i64 [2.0, 1.0, 0.0, 1.0, 3.0, 1.0, 0.0, 1.0, 4.0] }
-- output { [11.0, -4.0, 1.0, -4.0, 8.0, -2.0, 1.0, -2.0, 5.0] }
-- input { 1i64 [-2.5] } output { [1.0] }
-- "5" notest random input { 5i64 [25]f64 }
-- "8" notest random input { 8i64 [64]f64 }
-- "10" notest random input { 10i64 [100]f64 }

entry gradient [n] (ell: i64) (a: [n]f64) : [n]f64 = vjp (det ell) a 1.0
