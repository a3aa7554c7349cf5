-- Diagonal LSTM language model (GradBench `lstm`): the loss and its gradient
-- with respect to main_params and extra_params by reverse-mode AD, returned
-- flattened row-major and concatenated.
-- Expected outputs: GRADBENCH.md's test vector, whose 22 gradient values
-- were computed with the Go oracle in bench/oracle (hand-written reverse sweep).

def sigmoid (z: f64) : f64 = 1 / (1 + f64.exp (-z))

-- main is [2L][4b]: row 2l holds layer l's weights, row 2l+1 its biases,
-- each in blocks forget, input, output, change.
def lstm_loss [m] [w] [b] [c] (main: [m][w]f64) (extra: [3][b]f64) (state: [m][b]f64) (sq: [c][b]f64) : f64 =
  let layers = m / 2
  let block (row: [w]f64) (k: i64) : [b]f64 = map (\j -> row[k * b + j]) (iota b)
  let hs0 = map (\l -> state[2 * l]) (iota layers)
  let cs0 = map (\l -> state[2 * l + 1]) (iota layers)
  let (_, _, total) =
    loop (hs, cs, total) = (hs0, cs0, 0) for t < c - 1 do
      let x0 = map2 (*) sq[t] extra[0]
      let (x, hs', cs') =
        loop (x, hs, cs) = (x0, hs, cs) for l < layers do
          let (wt, bs) = (main[2 * l], main[2 * l + 1])
          let f = map3 (\xj wj bj -> sigmoid (xj * wj + bj)) x (block wt 0) (block bs 0)
          let i = map3 (\hj wj bj -> sigmoid (hj * wj + bj)) hs[l] (block wt 1) (block bs 1)
          let o = map3 (\xj wj bj -> sigmoid (xj * wj + bj)) x (block wt 2) (block bs 2)
          let g = map3 (\hj wj bj -> f64.tanh (hj * wj + bj)) hs[l] (block wt 3) (block bs 3)
          let cl = map4 (\cj fj ij gj -> cj * fj + ij * gj) cs[l] f i g
          let hl = map2 (\oj cj -> oj * f64.tanh cj) o cl
          in (hl, hs with [l] = hl, cs with [l] = cl)
      let y = map3 (\xj wj bj -> xj * wj + bj) x extra[1] extra[2]
      let lse = f64.log (f64.sum (map f64.exp y) + 2)
      in (hs', cs', total + f64.sum (map2 (\sj yj -> sj * (yj - lse)) sq[t + 1] y))
  in -total / f64.i64 ((c - 1) * b)

-- ==
-- entry: objective
-- input { [[0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8], [0.9, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7]]
--         [[0.5, 0.6], [0.7, 0.8], [0.1, 0.2]] [[0.3, 0.4], [0.5, 0.6]] [[1.0, 0.0], [0.0, 1.0], [1.0, 1.0]] }
-- output { 0.8628377633812927 }
-- "l2_c1024" notest input @ data/l2_c1024.in
-- "l2_c4096" notest input @ data/l2_c4096.in
-- "l2_c8192" notest input @ data/l2_c8192.in
-- "l4_c1024" notest input @ data/l4_c1024.in
-- "l4_c4096" notest input @ data/l4_c4096.in
-- "l4_c8192" notest input @ data/l4_c8192.in
-- "l6_c1024" notest input @ data/l6_c1024.in
-- "l6_c4096" notest input @ data/l6_c4096.in
-- "l6_c8192" notest input @ data/l6_c8192.in

entry objective [m] [w] [b] [c] (main: [m][w]f64) (extra: [3][b]f64) (state: [m][b]f64) (sq: [c][b]f64) : f64 =
  lstm_loss main extra state sq

-- ==
-- entry: jacobian
-- input { [[0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8], [0.9, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7]]
--         [[0.5, 0.6], [0.7, 0.8], [0.1, 0.2]] [[0.3, 0.4], [0.5, 0.6]] [[1.0, 0.0], [0.0, 1.0], [1.0, 1.0]] }
-- output { [0.0001395312821312027, -0.0024614381143781903, -0.0013690701648658935, -0.0060621012510971885,
--            0.0031800957307130786, -0.005667964812602598, -0.0022267230819833722, -0.008261221795600033,
--            -0.0029216676712695623, -0.01328219894488102, -0.003174951065837434, -0.015070718413414407,
--            -0.007137634855515619, -0.031084167917983414, -0.005126328639745178, -0.02053890002599252,
--            0.003208001987139319, -0.006488444184061995, -0.018423642016960885, -0.10842904391005817,
--            -0.03762302295277109, -0.24644161145982382] }
-- "l2_c1024" notest input @ data/l2_c1024.in
-- "l2_c4096" notest input @ data/l2_c4096.in
-- "l2_c8192" notest input @ data/l2_c8192.in
-- "l4_c1024" notest input @ data/l4_c1024.in
-- "l4_c4096" notest input @ data/l4_c4096.in
-- "l4_c8192" notest input @ data/l4_c8192.in
-- "l6_c1024" notest input @ data/l6_c1024.in
-- "l6_c4096" notest input @ data/l6_c4096.in
-- "l6_c8192" notest input @ data/l6_c8192.in

entry jacobian [m] [w] [b] [c] (main: [m][w]f64) (extra: [3][b]f64) (state: [m][b]f64) (sq: [c][b]f64) : []f64 =
  let (gm, ge) = vjp (\(mp, ep) -> lstm_loss mp ep state sq) (main, extra) 1.0
  in flatten gm ++ flatten ge
