-- Bundle adjustment (GradBench `ba`): per-observation reprojection and
-- weight errors, and the sparse Jacobian in CSR form. Each observation's
-- 2x15 block comes from one vectorised reverse pass (jacrev: one forward
-- sweep, then the return sweeps of both residual components) over just
-- the 15 variables the residual depends on; the weight rows' single
-- entries come from one more vjp.
-- Expected outputs were computed with the Go oracle in bench/oracle
-- (finite differences for the Jacobian values, checked against GRADBENCH.md's test vector).

def dot (a: [3]f64) (b: [3]f64) : f64 = a[0] * b[0] + a[1] * b[1] + a[2] * b[2]

def cross (a: [3]f64) (b: [3]f64) : [3]f64 =
  [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]]

-- Rodrigues rotation by the axis-angle vector r.
def rotate (r: [3]f64) (y: [3]f64) : [3]f64 =
  let s = dot r r
  in if s != 0
     then let theta = f64.sqrt s
          let w = map (/ theta) r
          let (ct, st) = (f64.cos theta, f64.sin theta)
          let wy = dot w y
          in map3 (\yk ck wk -> yk * ct + ck * st + wk * wy * (1 - ct)) y (cross w y) w
     else map2 (+) y (cross r y)

-- Camera layout: r0 r1 r2 | C0 C1 C2 | f | u0 v0 | k1 k2.
def reproj (cam: [11]f64) (x: [3]f64) (w: f64) (feat: [2]f64) : [2]f64 =
  let y = [x[0] - cam[3], x[1] - cam[4], x[2] - cam[5]]
  let z = rotate [cam[0], cam[1], cam[2]] y
  let (p0, p1) = (z[0] / z[2], z[1] / z[2])
  let rho = p0 * p0 + p1 * p1
  let d = 1 + cam[9] * rho + cam[10] * rho * rho
  in [w * (cam[6] * p0 * d + cam[7] - feat[0]), w * (cam[6] * p1 * d + cam[8] - feat[1])]

-- ==
-- entry: objective
-- input { [[0.1, -0.2, 0.3, 1.0, 2.0, -3.0, 400.0, 5.0, -8.0, 0.08, 0.002]]
--         [[7.0, 0.5, 3.0], [6.0, -1.0, 4.0]] [0.4, 0.7, 1.1]
--         [[0i32, 1i32], [0i32, 0i32], [0i32, 1i32]]
--         [[270.0, 830.0], [-100.0, 20.0], [1.0, 2.0]] }
-- output { [[-12.866247328640634, -385.3287735822673], [280.8567943761478, -40.01625966716564], [260.5178198462383, -148.85412735123487]] [0.84, 0.51, -0.2100000000000002] }
-- "ba1_n49_m7776_p31843" notest input @ data/ba1_n49_m7776_p31843.in
-- "ba2_n21_m11315_p36455" notest input @ data/ba2_n21_m11315_p36455.in
-- "ba3_n161_m48126_p182072" notest input @ data/ba3_n161_m48126_p182072.in
-- "ba4_n372_m47423_p204472" notest input @ data/ba4_n372_m47423_p204472.in
-- "ba5_n257_m65132_p225911" notest input @ data/ba5_n257_m65132_p225911.in
-- "ba6_n539_m65220_p277273" notest input @ data/ba6_n539_m65220_p277273.in
-- "ba7_n93_m61203_p287451" notest input @ data/ba7_n93_m61203_p287451.in
-- "ba8_n88_m64298_p383937" notest input @ data/ba8_n88_m64298_p383937.in
-- "ba9_n810_m88814_p393775" notest input @ data/ba9_n810_m88814_p393775.in
-- "ba10_n1197_m126327_p563734" notest input @ data/ba10_n1197_m126327_p563734.in
-- "ba11_n1723_m156502_p678718" notest input @ data/ba11_n1723_m156502_p678718.in
-- "ba12_n253_m163691_p899155" notest input @ data/ba12_n253_m163691_p899155.in
-- "ba13_n245_m198739_p1091386" notest input @ data/ba13_n245_m198739_p1091386.in
-- "ba14_n356_m226730_p1255268" notest input @ data/ba14_n356_m226730_p1255268.in

entry objective [n] [m] [p] (cams: [n][11]f64) (xs: [m][3]f64) (ws: [p]f64) (obs: [p][2]i32) (feats: [p][2]f64) : ([p][2]f64, [p]f64) =
  ( map3 (\o w f -> reproj cams[i64.i32 o[0]] xs[i64.i32 o[1]] w f) obs ws feats
  , map (\w -> 1 - w * w) ws )

-- ==
-- entry: jacobian
-- input { [[0.1, -0.2, 0.3, 1.0, 2.0, -3.0, 400.0, 5.0, -8.0, 0.08, 0.002]]
--         [[7.0, 0.5, 3.0], [6.0, -1.0, 4.0]] [0.4, 0.7, 1.1]
--         [[0i32, 1i32], [0i32, 0i32], [0i32, 1i32]]
--         [[270.0, 830.0], [-100.0, 20.0], [1.0, 2.0]] }
-- output { [0i32, 15i32, 30i32, 45i32, 60i32, 75i32, 90i32, 91i32, 92i32, 93i32]
--         [0i32, 1i32, 2i32, 3i32, 4i32, 5i32, 6i32, 7i32, 8i32, 9i32, 10i32, 14i32, 15i32, 16i32, 17i32, 0i32, 1i32, 2i32, 3i32, 4i32, 5i32, 6i32, 7i32, 8i32, 9i32, 10i32, 14i32, 15i32, 16i32, 17i32, 0i32, 1i32, 2i32, 3i32, 4i32, 5i32, 6i32, 7i32, 8i32, 9i32, 10i32, 11i32, 12i32, 13i32, 18i32, 0i32, 1i32, 2i32, 3i32, 4i32, 5i32, 6i32, 7i32, 8i32, 9i32, 10i32, 11i32, 12i32, 13i32, 18i32, 0i32, 1i32, 2i32, 3i32, 4i32, 5i32, 6i32, 7i32, 8i32, 9i32, 10i32, 14i32, 15i32, 16i32, 19i32, 0i32, 1i32, 2i32, 3i32, 4i32, 5i32, 6i32, 7i32, 8i32, 9i32, 10i32, 14i32, 15i32, 16i32, 19i32, 17i32, 18i32, 19i32]
--         [72.2564292630068, 222.40638184634065, 32.853593364912115, -18.286543570056324, 8.284556230364615, 16.612340937231334, 0.23283438167709394, 0.39999999899009714, 0, 36.91115790616095, 15.112856249110962, 18.28654357124056, -8.284556247240005, -16.612340937083303, -32.165618320867395, -175.26541833490228, -2.416035187025045, 111.67457722649488, -7.105553237352069, -21.42235601354514, -4.105614541079679, -0.12532193395031754, 0, 0.4000000011217253, -19.86724495850467, -8.13441880609389, 7.10555324208902, 21.42235604196685, 4.105614550553582, -963.3219339377774, 88.43317471018963, 464.3768731398268, -9.580192710245683, -35.210285602715885, 16.08724851109855, 39.23209769141067, 0.5183919859774733, 0.69999999823267, 0, 101.67447871367585, 51.917192877226626, 35.210285574294176, -16.087248496887696, -39.23209769141067, 401.22399198594394, -268.1230021686076, 34.97431685772767, 234.24584588482844, -12.142049452990022, -39.878481493005324, 2.1724290739655316, -0.05104064917382801, 0, 0.7000000001866624, -10.010824890827053, -5.1117442012582615, 12.142049446899657, 39.87848149478168, -2.1724290739655316, -57.16608524153344, 198.7051804803741, 611.6175500778809, 90.34738175728307, -50.287994810105374, 22.782529626397263, 45.68393758101289, 0.6402945496120084, 1.099999997222767, 0, 101.50568422773176, 41.56035467417496, 50.287994819579275, -22.782529669029827, -45.68393757153899, 236.83438167216246, -481.9799003570324, -6.644096757213447, 307.1050874012826, -19.54027145245618, -58.91147906567085, -11.2904400092854, -0.34463531839890044, 0, 1.0999999986438525, -54.63492360036071, -22.3696517167582, 19.540271424034472, 58.91147908698713, 11.29044000336421, -135.3219339509079, -0.8, -1.4, -2.2] }
-- "ba1_n49_m7776_p31843" notest input @ data/ba1_n49_m7776_p31843.in
-- "ba2_n21_m11315_p36455" notest input @ data/ba2_n21_m11315_p36455.in
-- "ba3_n161_m48126_p182072" notest input @ data/ba3_n161_m48126_p182072.in
-- "ba4_n372_m47423_p204472" notest input @ data/ba4_n372_m47423_p204472.in
-- "ba5_n257_m65132_p225911" notest input @ data/ba5_n257_m65132_p225911.in
-- "ba6_n539_m65220_p277273" notest input @ data/ba6_n539_m65220_p277273.in
-- "ba7_n93_m61203_p287451" notest input @ data/ba7_n93_m61203_p287451.in
-- "ba8_n88_m64298_p383937" notest input @ data/ba8_n88_m64298_p383937.in
-- "ba9_n810_m88814_p393775" notest input @ data/ba9_n810_m88814_p393775.in
-- "ba10_n1197_m126327_p563734" notest input @ data/ba10_n1197_m126327_p563734.in
-- "ba11_n1723_m156502_p678718" notest input @ data/ba11_n1723_m156502_p678718.in
-- "ba12_n253_m163691_p899155" notest input @ data/ba12_n253_m163691_p899155.in
-- "ba13_n245_m198739_p1091386" notest input @ data/ba13_n245_m198739_p1091386.in
-- "ba14_n356_m226730_p1255268" notest input @ data/ba14_n356_m226730_p1255268.in

entry jacobian [n] [m] [p] (cams: [n][11]f64) (xs: [m][3]f64) (ws: [p]f64) (obs: [p][2]i32) (feats: [p][2]f64) : ([]i32, []i32, []f64) =
  let wcol i = i32.i64 (11 * n + 3 * m + i)
  let rows = tabulate (3 * p + 1) (\r -> i32.i64 (if r <= 2 * p then 15 * r else 30 * p + r - 2 * p))
  let block i =
    let (c, j) = (i64.i32 obs[i, 0], i64.i32 obs[i, 1])
    let f (cam, x, w) = reproj cam x w feats[i]
    -- Both rows of the block from one forward sweep (mjp).
    let (dcs, dxs, dws) = unzip3 (jacrev f (cams[c], xs[j], ws[i]))
    let (dc0, dx0, dw0) = (dcs[0], dxs[0], dws[0])
    let (dc1, dx1, dw1) = (dcs[1], dxs[1], dws[1])
    let col t = if t < 11 then i32.i64 (11 * c + t)
                else if t < 14 then i32.i64 (11 * n + 3 * j + t - 11)
                else wcol i
    let pick dc dx dw t = if t < 11 then dc[t] else if t < 14 then dx[t - 11] else dw
    in ( tabulate 30 (\t -> col (if t < 15 then t else t - 15))
       , tabulate 30 (\t -> if t < 15 then pick dc0 dx0 dw0 t else pick dc1 dx1 dw1 (t - 15)) )
  let (bcols, bvals) = unzip (map block (iota p))
  let wvals = map (\w -> vjp (\w' -> 1 - w' * w') w 1) ws
  in (rows, flatten bcols ++ map wcol (iota p), flatten bvals ++ wvals)
