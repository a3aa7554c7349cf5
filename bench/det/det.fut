-- Determinant with factorial work (GradBench `det`): Laplace expansion
-- along the first rows, and its gradient (the cofactor matrix) by
-- reverse-mode AD.
-- Expected outputs: GRADBENCH.md's test vector and values computed with the
-- Go oracle in bench/oracle (Laplace expansion and cofactors).
--
-- The expansion over the first ell-q rows (q = min ell 4) is a map over
-- the ell!/q! ordered choices of their columns, in parallel; each choice
-- multiplies its entries and expands the q x q minor of the last rows on
-- the columns left, along its first row, as the recursive definition
-- does. The work stays factorial (ell!/q! choices of O(ell) each, times
-- the minors' q!-term expansions).

def fact (n: i64) : i64 = loop acc = 1 for i < n do acc * (i + 1)

-- Minors of the last rows by expansion along their first row; m r c is the
-- entry of row r of the minor and its c-th column.
def det2_at (m: i64 -> i64 -> f64) (r: i64) (c0: i64) (c1: i64) : f64 =
  m r c0 * m (r + 1) c1 - m r c1 * m (r + 1) c0

def det3_at (m: i64 -> i64 -> f64) (r: i64) (c0: i64) (c1: i64) (c2: i64) : f64 =
  m r c0 * det2_at m (r + 1) c1 c2 - m r c1 * det2_at m (r + 1) c0 c2
  + m r c2 * det2_at m (r + 1) c0 c1

def det4_at (m: i64 -> i64 -> f64) (r: i64) (c0: i64) (c1: i64) (c2: i64) (c3: i64) : f64 =
  m r c0 * det3_at m (r + 1) c1 c2 c3 - m r c1 * det3_at m (r + 1) c0 c2 c3
  + m r c2 * det3_at m (r + 1) c0 c1 c3 - m r c3 * det3_at m (r + 1) c0 c1 c2

def det [n] (ell: i64) (a: [n]f64) : f64 =
  let q = i64.min ell 4
  let p = ell - q
  let choices = fact ell / fact q
  -- Place values of the digits: choices / ell, then / (ell-1), ...
  let places = map (\i -> fact (ell - 1 - i) / fact q) (iota p)
  let term (b: i64) : f64 =
    -- Choice b in the mixed radix ell, ell-1, ..., q+1: digit d picks the
    -- d-th column not yet used and adds d inversions.
    let (_, used, inv, prod) =
      loop (r, used, inv, prod) = (b, 0i64, 0i64, 1f64) for i < p do
        let f = places[i]
        let d = r / f
        -- The d-th column not yet used: step over used columns and stop
        -- at the first free one once d free ones are behind.
        let (c, _) =
          loop (j, k) = (0, d) while k > 0 || (used >> j) & 1 == 1 do
            if (used >> j) & 1 == 1 then (j + 1, k) else (j + 1, k - 1)
        in (r % f, used | (1 << c), inv + d, prod * a[i * ell + c])
    -- The columns left, in increasing order.
    let (c0, c1, c2, c3, _, _) =
      loop (c0, c1, c2, c3, k, j) = (0i64, 0i64, 0i64, 0i64, 0i64, 0i64) while k < q do
        if (used >> j) & 1 == 1 then (c0, c1, c2, c3, k, j + 1)
        else if k == 0 then (j, c1, c2, c3, 1, j + 1)
        else if k == 1 then (c0, j, c2, c3, 2, j + 1)
        else if k == 2 then (c0, c1, j, c3, 3, j + 1)
        else (c0, c1, c2, j, 4, j + 1)
    let col (c: i64) = if c == 0 then c0 else if c == 1 then c1 else if c == 2 then c2 else c3
    let m (r: i64) (c: i64) = a[(p + r) * ell + col c]
    let minor = if q == 1 then m 0 0
                else if q == 2 then det2_at m 0 0 1
                else if q == 3 then det3_at m 0 0 1 2
                else det4_at m 0 0 1 2 3
    let v = prod * minor
    in if inv % 2 == 0 then v else -v
  in f64.sum (map term (iota choices))

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
