-- Non-negative matrix factorisation (the dF~ paper's section 6): the
-- gradient, with respect to H, of the negative log-likelihood of the
-- exponential model for A ~ W H, with W (u, m values) and H (v, n
-- values) vectors:
--
--   D(A | W H) = sum_{i,j} log(u_i v_j) + A_ij / (u_i v_j)
--   dD/dv_j    = sum_i u_i (1 / (u_i v_j) - A_ij / (u_i v_j)^2)
--
-- the second line being the hand-derived update (W^T (1/(WH) - A/(WH)^2)).
-- Entry points come in pairs X_f (baseline) and X_g, for
-- bench/scripts/adratio: fwd_g / fwd_f is forward mode (jvp over the n
-- one-hot seeds) over vjp, and hand_g / hand_f
-- and rev_g / rev_f forward and reverse mode over the hand-derived update.

def onehot (n: i64) (i: i64) : [n]f64 = tabulate n (\j -> if i == j then 1 else 0)

def loss [m] [n] (u: [m]f64) (v: [n]f64) (a: [m][n]f64) : f64 =
  f64.sum (map2 (\ui ai -> f64.sum (map2 (\vj aij -> let p = ui * vj in f64.log p + aij / p) v ai)) u a)

def update [m] [n] (u: [m]f64) (v: [n]f64) (a: [m][n]f64) : [n]f64 =
  map2 (\vj j -> f64.sum (map2 (\ui ai -> let p = ui * vj in ui * (1 / p - ai[j] / (p * p))) u a)) v (iota n)

def fwdgrad [m] [n] (u: [m]f64) (v: [n]f64) (a: [m][n]f64) : [n]f64 =
  tabulate n (\k -> jvp (\v' -> loss u v' a) v (onehot n k))

def revgrad [m] [n] (u: [m]f64) (v: [n]f64) (a: [m][n]f64) : [n]f64 =
  vjp (\v' -> loss u v' a) v 1

entry objective [m] [n] (u: [m]f64) (v: [n]f64) (a: [m][n]f64) : f64 = loss u v a

entry fwd_f [m] [n] (u: [m]f64) (v: [n]f64) (a: [m][n]f64) : [n]f64 = revgrad u v a
entry fwd_g [m] [n] (u: [m]f64) (v: [n]f64) (a: [m][n]f64) : [n]f64 = fwdgrad u v a
entry hand_f [m] [n] (u: [m]f64) (v: [n]f64) (a: [m][n]f64) : [n]f64 = update u v a
entry hand_g [m] [n] (u: [m]f64) (v: [n]f64) (a: [m][n]f64) : [n]f64 = fwdgrad u v a
entry rev_f [m] [n] (u: [m]f64) (v: [n]f64) (a: [m][n]f64) : [n]f64 = update u v a
entry rev_g [m] [n] (u: [m]f64) (v: [n]f64) (a: [m][n]f64) : [n]f64 = revgrad u v a

-- The rank-one example checked by hand: u = [1, 2], v = [0.5, 1, 2],
-- A = [[1, 2, 3], [4, 5, 6]] gives D = 15.579441541679836 and
-- dD/dv = [-8, -2.5, -0.5].
-- ==
-- entry: objective
-- input { [1.0, 2.0] [0.5, 1.0, 2.0] [[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]] }
-- output { 15.579441541679836 }
-- ==
-- entry: fwd_f fwd_g hand_f hand_g rev_f rev_g
-- input { [1.0, 2.0] [0.5, 1.0, 2.0] [[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]] }
-- output { [-8.0, -2.5, -0.5] }
-- "n" notest random input { [100]f64 [10000]f64 [100][10000]f64 }
-- "8n" notest random input { [100]f64 [80000]f64 [100][80000]f64 }
