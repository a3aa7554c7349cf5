-- Gaussian mixture model log-posterior (GradBench `gmm`, the corrected
-- ADBench GMM) and its gradient with respect to alpha, mu, q and l.
-- The argument order follows GradBench's Futhark tool.

def sumsq [n] (xs: [n]f64) : f64 = f64.sum (map (\x -> x * x) xs)

-- Stable log-sum-exp; max, exp, sum and log are all differentiated by AD.
def logsumexp [n] (xs: [n]f64) : f64 =
  let a = f64.maximum xs
  in a + f64.log (f64.sum (map (\x -> f64.exp (x - a)) xs))

-- Column-major position in l of entry (i, j), i > j, of Q's strict lower
-- part (GradBench's layout: column by column).
def colmajor (d: i64) (i: i64) (j: i64) : i64 = j * d - j * (j + 1) / 2 + i - j - 1

-- The column-major positions of the strict lower part's entries in
-- row-major order (row by row), to lay each l out by rows once.
def by_rows (d: i64) (t: i64) : [t]i64 =
  let pairs = filter (\(i, j) -> i > j) (flatten (tabulate_2d d d (\i j -> (i, j))))
  in map (\(i, j) -> colmajor d i j) (pairs :> [t](i64, i64))

-- The squared norm of Q z for the lower-triangular Q with diagonal qd and
-- strict lower part lr laid out by rows: row i's entries are the i from
-- i*(i-1)/2, so each row is a dot product of contiguous slices.
def qz_sumsq [d] [t] (qd: [d]f64) (lr: [t]f64) (z: [d]f64) : f64 =
  f64.sum (map (\i -> let ro = i * (i - 1) / 2
                      let v = qd[i] * z[i] + f64.sum (map2 (*) (lr[ro:ro + i] :> [i]f64) (z[:i] :> [i]f64))
                      in v * v)
               (iota d))

-- Multivariate log-gamma, log Γ_D(a).
def log_gamma_d (d: i64) (a: f64) : f64 =
  f64.i64 (d * (d - 1)) / 4 * f64.log f64.pi
  + f64.sum (map (\j -> f64.lgamma (a + f64.i64 (1 - j) / 2)) (1...d))

-- The prior's constant C; it is computed outside the differentiated function,
-- since it does not depend on the parameters (and lgamma has no derivative).
def wishart_const (d: i64) (gamma: f64) (m: i64) : f64 =
  let nu = f64.i64 (d + m + 1)
  in nu * f64.i64 d * (f64.log gamma - 0.5 * f64.log 2) - log_gamma_d d (0.5 * nu)

def log_wishart_prior [k] [d] [t] (q: [k][d]f64) (l: [k][t]f64) (gamma: f64) (m: i64) (c: f64) : f64 =
  let per = map2 (\qk lk ->
                    let frob = sumsq (map f64.exp qk) + sumsq lk
                    in 0.5 * gamma * gamma * frob - f64.i64 m * f64.sum qk)
                 q l
  in f64.i64 k * c - f64.sum per

def gmm_objective [k] [d] [t] [n]
    (alpha: [k]f64) (mu: [k][d]f64) (q: [k][d]f64) (l: [k][t]f64)
    (x: [n][d]f64) (gamma: f64) (m: i64) (c: f64) (perm: [t]i64) : f64 =
  let qd = map (map f64.exp) q
  let sumq = map f64.sum q
  let lr = map (\lk -> map (\p -> lk[p]) perm) l
  let point xi =
    logsumexp (map5 (\ak muk qdk lrk sq -> ak + sq - 0.5 * qz_sumsq qdk lrk (map2 (-) xi muk))
                    alpha mu qd lr sumq)
  let consts = -(f64.i64 (n * d)) * 0.5 * f64.log (2 * f64.pi)
  in consts + f64.sum (map point x) - f64.i64 n * logsumexp alpha
     + log_wishart_prior q l gamma m c

-- Expected outputs are GRADBENCH.md's test vector, reproduced by the Go
-- oracle in bench/oracle (hand-written objective and gradient).
-- ==
-- entry: objective
-- input { [0.1, -0.2] [[0.0, 0.5], [1.0, -0.5]] [[0.2, -0.1], [0.0, 0.3]]
--         [[0.4], [-0.6]] [[0.5, -1.0], [1.5, 0.25]] 1.0 0i64 }
-- output { -12.547699984998806 }
-- "D2_K5_N1000" notest input @ data/D2_K5_N1000.in
-- "D2_K10_N1000" notest input @ data/D2_K10_N1000.in
-- "D2_K25_N1000" notest input @ data/D2_K25_N1000.in
-- "D2_K50_N1000" notest input @ data/D2_K50_N1000.in
-- "D2_K100_N1000" notest input @ data/D2_K100_N1000.in
-- "D2_K200_N1000" notest input @ data/D2_K200_N1000.in
-- "D10_K5_N1000" notest input @ data/D10_K5_N1000.in
-- "D10_K10_N1000" notest input @ data/D10_K10_N1000.in
-- "D10_K25_N1000" notest input @ data/D10_K25_N1000.in
-- "D10_K50_N1000" notest input @ data/D10_K50_N1000.in
-- "D10_K100_N1000" notest input @ data/D10_K100_N1000.in
-- "D10_K200_N1000" notest input @ data/D10_K200_N1000.in
-- "D20_K5_N1000" notest input @ data/D20_K5_N1000.in
-- "D20_K10_N1000" notest input @ data/D20_K10_N1000.in
-- "D20_K25_N1000" notest input @ data/D20_K25_N1000.in
-- "D20_K50_N1000" notest input @ data/D20_K50_N1000.in
-- "D20_K100_N1000" notest input @ data/D20_K100_N1000.in
-- "D20_K200_N1000" notest input @ data/D20_K200_N1000.in
-- "D32_K5_N1000" notest input @ data/D32_K5_N1000.in
-- "D32_K10_N1000" notest input @ data/D32_K10_N1000.in
-- "D32_K25_N1000" notest input @ data/D32_K25_N1000.in
-- "D32_K50_N1000" notest input @ data/D32_K50_N1000.in
-- "D32_K100_N1000" notest input @ data/D32_K100_N1000.in
-- "D32_K200_N1000" notest input @ data/D32_K200_N1000.in
-- "D64_K5_N1000" notest input @ data/D64_K5_N1000.in
-- "D64_K10_N1000" notest input @ data/D64_K10_N1000.in
-- "D64_K25_N1000" notest input @ data/D64_K25_N1000.in
-- "D64_K50_N1000" notest input @ data/D64_K50_N1000.in
-- "D64_K100_N1000" notest input @ data/D64_K100_N1000.in
-- "D64_K200_N1000" notest input @ data/D64_K200_N1000.in
-- "D2_K5_N10000" notest input @ data/D2_K5_N10000.in
-- "D2_K10_N10000" notest input @ data/D2_K10_N10000.in
-- "D2_K25_N10000" notest input @ data/D2_K25_N10000.in
-- "D2_K50_N10000" notest input @ data/D2_K50_N10000.in
-- "D2_K100_N10000" notest input @ data/D2_K100_N10000.in
-- "D2_K200_N10000" notest input @ data/D2_K200_N10000.in
-- "D10_K5_N10000" notest input @ data/D10_K5_N10000.in
-- "D10_K10_N10000" notest input @ data/D10_K10_N10000.in
-- "D10_K25_N10000" notest input @ data/D10_K25_N10000.in
-- "D10_K50_N10000" notest input @ data/D10_K50_N10000.in
-- "D10_K100_N10000" notest input @ data/D10_K100_N10000.in
-- "D10_K200_N10000" notest input @ data/D10_K200_N10000.in
-- "D20_K5_N10000" notest input @ data/D20_K5_N10000.in
-- "D20_K10_N10000" notest input @ data/D20_K10_N10000.in
-- "D20_K25_N10000" notest input @ data/D20_K25_N10000.in
-- "D20_K50_N10000" notest input @ data/D20_K50_N10000.in
-- "D20_K100_N10000" notest input @ data/D20_K100_N10000.in
-- "D20_K200_N10000" notest input @ data/D20_K200_N10000.in
-- "D32_K5_N10000" notest input @ data/D32_K5_N10000.in
-- "D32_K10_N10000" notest input @ data/D32_K10_N10000.in
-- "D32_K25_N10000" notest input @ data/D32_K25_N10000.in
-- "D32_K50_N10000" notest input @ data/D32_K50_N10000.in
-- "D32_K100_N10000" notest input @ data/D32_K100_N10000.in
-- "D32_K200_N10000" notest input @ data/D32_K200_N10000.in
-- "D64_K5_N10000" notest input @ data/D64_K5_N10000.in
-- "D64_K10_N10000" notest input @ data/D64_K10_N10000.in
-- "D64_K25_N10000" notest input @ data/D64_K25_N10000.in
-- "D64_K50_N10000" notest input @ data/D64_K50_N10000.in
-- "D64_K100_N10000" notest input @ data/D64_K100_N10000.in
-- "D64_K200_N10000" notest input @ data/D64_K200_N10000.in

entry objective [k] [d] [t] [n]
    (alpha: [k]f64) (mu: [k][d]f64) (q: [k][d]f64) (l: [k][t]f64)
    (x: [n][d]f64) (gamma: f64) (m: i64) : f64 =
  gmm_objective alpha mu q l x gamma m (wishart_const d gamma m) (by_rows d t)

-- ==
-- entry: jacobian
-- input { [0.1, -0.2] [[0.0, 0.5], [1.0, -0.5]] [[0.2, -0.1], [0.0, 0.3]]
--         [[0.4], [-0.6]] [[0.5, -1.0], [1.5, 0.25]] 1.0 0i64 }
-- output { [-0.566167352703913, 0.5661673527039129]
--          [[0.6264981208944718, -0.3062927090361518], [-0.11845701317562414, 0.42848468457431643]]
--          [[-1.7809234229562376, -0.7881912744780161], [0.06296173931044624, -1.128956163233319]]
--          [[-0.3127411820818745], [0.20259008270308454]] }
-- "D2_K5_N1000" notest input @ data/D2_K5_N1000.in
-- "D2_K10_N1000" notest input @ data/D2_K10_N1000.in
-- "D2_K25_N1000" notest input @ data/D2_K25_N1000.in
-- "D2_K50_N1000" notest input @ data/D2_K50_N1000.in
-- "D2_K100_N1000" notest input @ data/D2_K100_N1000.in
-- "D2_K200_N1000" notest input @ data/D2_K200_N1000.in
-- "D10_K5_N1000" notest input @ data/D10_K5_N1000.in
-- "D10_K10_N1000" notest input @ data/D10_K10_N1000.in
-- "D10_K25_N1000" notest input @ data/D10_K25_N1000.in
-- "D10_K50_N1000" notest input @ data/D10_K50_N1000.in
-- "D10_K100_N1000" notest input @ data/D10_K100_N1000.in
-- "D10_K200_N1000" notest input @ data/D10_K200_N1000.in
-- "D20_K5_N1000" notest input @ data/D20_K5_N1000.in
-- "D20_K10_N1000" notest input @ data/D20_K10_N1000.in
-- "D20_K25_N1000" notest input @ data/D20_K25_N1000.in
-- "D20_K50_N1000" notest input @ data/D20_K50_N1000.in
-- "D20_K100_N1000" notest input @ data/D20_K100_N1000.in
-- "D20_K200_N1000" notest input @ data/D20_K200_N1000.in
-- "D32_K5_N1000" notest input @ data/D32_K5_N1000.in
-- "D32_K10_N1000" notest input @ data/D32_K10_N1000.in
-- "D32_K25_N1000" notest input @ data/D32_K25_N1000.in
-- "D32_K50_N1000" notest input @ data/D32_K50_N1000.in
-- "D32_K100_N1000" notest input @ data/D32_K100_N1000.in
-- "D32_K200_N1000" notest input @ data/D32_K200_N1000.in
-- "D64_K5_N1000" notest input @ data/D64_K5_N1000.in
-- "D64_K10_N1000" notest input @ data/D64_K10_N1000.in
-- "D64_K25_N1000" notest input @ data/D64_K25_N1000.in
-- "D64_K50_N1000" notest input @ data/D64_K50_N1000.in
-- "D64_K100_N1000" notest input @ data/D64_K100_N1000.in
-- "D64_K200_N1000" notest input @ data/D64_K200_N1000.in
-- "D2_K5_N10000" notest input @ data/D2_K5_N10000.in
-- "D2_K10_N10000" notest input @ data/D2_K10_N10000.in
-- "D2_K25_N10000" notest input @ data/D2_K25_N10000.in
-- "D2_K50_N10000" notest input @ data/D2_K50_N10000.in
-- "D2_K100_N10000" notest input @ data/D2_K100_N10000.in
-- "D2_K200_N10000" notest input @ data/D2_K200_N10000.in
-- "D10_K5_N10000" notest input @ data/D10_K5_N10000.in
-- "D10_K10_N10000" notest input @ data/D10_K10_N10000.in
-- "D10_K25_N10000" notest input @ data/D10_K25_N10000.in
-- "D10_K50_N10000" notest input @ data/D10_K50_N10000.in
-- "D10_K100_N10000" notest input @ data/D10_K100_N10000.in
-- "D10_K200_N10000" notest input @ data/D10_K200_N10000.in
-- "D20_K5_N10000" notest input @ data/D20_K5_N10000.in
-- "D20_K10_N10000" notest input @ data/D20_K10_N10000.in
-- "D20_K25_N10000" notest input @ data/D20_K25_N10000.in
-- "D20_K50_N10000" notest input @ data/D20_K50_N10000.in
-- "D20_K100_N10000" notest input @ data/D20_K100_N10000.in
-- "D20_K200_N10000" notest input @ data/D20_K200_N10000.in
-- "D32_K5_N10000" notest input @ data/D32_K5_N10000.in
-- "D32_K10_N10000" notest input @ data/D32_K10_N10000.in
-- "D32_K25_N10000" notest input @ data/D32_K25_N10000.in
-- "D32_K50_N10000" notest input @ data/D32_K50_N10000.in
-- "D32_K100_N10000" notest input @ data/D32_K100_N10000.in
-- "D32_K200_N10000" notest input @ data/D32_K200_N10000.in
-- "D64_K5_N10000" notest input @ data/D64_K5_N10000.in
-- "D64_K10_N10000" notest input @ data/D64_K10_N10000.in
-- "D64_K25_N10000" notest input @ data/D64_K25_N10000.in
-- "D64_K50_N10000" notest input @ data/D64_K50_N10000.in
-- "D64_K100_N10000" notest input @ data/D64_K100_N10000.in
-- "D64_K200_N10000" notest input @ data/D64_K200_N10000.in

entry jacobian [k] [d] [t] [n]
    (alpha: [k]f64) (mu: [k][d]f64) (q: [k][d]f64) (l: [k][t]f64)
    (x: [n][d]f64) (gamma: f64) (m: i64) : ([k]f64, [k][d]f64, [k][d]f64, [k][t]f64) =
  let c = wishart_const d gamma m
  let perm = by_rows d t
  in vjp (\(a, mu', q', l') -> gmm_objective a mu' q' l' x gamma m c perm) (alpha, mu, q, l) 1.0
