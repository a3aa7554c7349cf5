-- Hand tracking (GradBench `ht`): residuals between observed points and a
-- skinned, posed hand model, and their Jacobian. The Jacobian is computed
-- in forward mode, one tangent per column, all columns in one vectorised
-- pass (jmp). It differentiates residuals_at (the same values as
-- residuals), which skins only the vertices the residuals read when they
-- are fewer than the model's, so that its cost grows with the points, not
-- with the model, and otherwise skins every vertex once. In the
-- complicated variant each residual depends only on its own pair of us, so
-- each u column needs one tangent only, seeding every pair's first (or
-- second) entry at once.
-- Argument layout follows GradBench's Futhark tool (weights, base positions
-- and points transposed; us flattened, empty in the simple variant).
-- Expected outputs: GRADBENCH.md's test vector, rest of the values from the
-- Go oracle in bench/oracle.

type mat3 = [3][3]f64
type mat4 = [4][4]f64

def matmul3 (a: mat3) (b: mat3) : mat3 =
  map (\row -> map (\col -> f64.sum (map2 (*) row col)) (transpose b)) a

def matmul4 (a: mat4) (b: mat4) : *mat4 =
  map (\row -> map (\col -> f64.sum (map2 (*) row col)) (transpose b)) a

-- Euler angles (a0, a1, a2) to Rz(a1) Ry(a2) Rx(a0), embedded in a 4x4 identity.
def bone_transform (a: [3]f64) : mat4 =
  let (c0, s0) = (f64.cos a[0], f64.sin a[0])
  let (c1, s1) = (f64.cos a[1], f64.sin a[1])
  let (c2, s2) = (f64.cos a[2], f64.sin a[2])
  let rx = [[1, 0, 0], [0, c0, -s0], [0, s0, c0]]
  let ry = [[c2, 0, s2], [0, 1, 0], [-s2, 0, c2]]
  let rz = [[c1, -s1, 0], [s1, c1, 0], [0, 0, 1]]
  let r = matmul3 (matmul3 rz ry) rx
  in [ [r[0, 0], r[0, 1], r[0, 2], 0], [r[1, 0], r[1, 1], r[1, 2], 0]
     , [r[2, 0], r[2, 1], r[2, 2], 0], [0, 0, 0, 1] ]

-- Euler angles of bone b from theta: bones 2+4f, 3+4f, 4+4f of finger f rotate.
def bone_angles (theta: [26]f64) (b: i64) : [3]f64 =
  let f = (b - 2) / 4
  let k = (b - 2) % 4
  let t0 = 6 + 4 * f
  in if b < 2 || b > 21 || k == 3 then [0, 0, 0]
     else if k == 0 then [theta[t0], theta[t0 + 1], 0]
     else [theta[t0 + k + 1], 0, 0]

-- Rotation by the axis-angle vector g (identity when it is tiny).
def global_rotation (g: [3]f64) : mat3 =
  let phi = f64.sqrt (g[0] * g[0] + g[1] * g[1] + g[2] * g[2])
  in if phi < 1e-4 then [[1, 0, 0], [0, 1, 0], [0, 0, 1]]
     else let (x, y, z) = (g[0] / phi, g[1] / phi, g[2] / phi)
          let (s, c) = (f64.sin phi, f64.cos phi)
          in [ [x * x + (1 - x * x) * c, x * y * (1 - c) - z * s, x * z * (1 - c) + y * s]
             , [x * y * (1 - c) + z * s, y * y + (1 - y * y) * c, y * z * (1 - c) - x * s]
             , [x * z * (1 - c) - y * s, y * z * (1 - c) + x * s, z * z + (1 - z * z) * c] ]

-- The bones' transforms (absolute pose times inverse base pose) and the
-- global rotation.
def pose [b] (parents: [b]i32) (base_rel: [b]mat4) (inv_abs: [b]mat4) (theta: [26]f64) : ([b]mat4, mat3) =
  let rel = map2 (\br k -> matmul4 br (bone_transform (bone_angles theta k))) base_rel (iota b)
  -- Parents come before their children, so one pass in index order suffices.
  let abs = loop abs = copy rel for k < b do
              let p = parents[k]
              in if p < 0 then abs else abs with [k] = matmul4 abs[i64.i32 p] rel[k]
  -- The loop keeps the shape of rel; saying so makes every later index
  -- into a transform's rows one that cannot fail.
  let abs = abs :> [b]mat4
  in (map2 matmul4 abs inv_abs, global_rotation [theta[0], theta[1], theta[2]])

-- One vertex: its base position moved by its bones' transforms, weighted.
def skin [b] (ms: [b]mat4) (rg: mat3) (mirrored: bool) (theta: [26]f64) (bp: [4]f64) (ws: [b]f64) : [3]f64 =
  -- Coordinate i is the weighted sum over bones of row i of the bone's
  -- transform applied to the base position, summed in bone order. A
  -- vertex moves with a few bones only: the others' terms are zero (their
  -- transforms are finite), and skipping them also skips their tangents.
  -- (So the derivative with respect to a weight that is exactly zero is
  -- that of the branch taken, zero: only theta and us are differentiated
  -- here.)
  let pos = map (\i -> loop s = 0 for k < b do
                         if ws[k] == 0 then s else s + ws[k] * f64.sum (map2 (*) ms[k, i] bp))
                (iota 3)
  let pos = if mirrored then [-pos[0], pos[1], pos[2]] else pos
  -- Columns of R_g would be scaled by the global scale, which is always 1.
  in map2 (\row t -> f64.sum (map2 (*) row pos) + t) rg [theta[3], theta[4], theta[5]]

-- The posed vertices, [V][3].
def vertices [b] [v] (parents: [b]i32) (base_rel: [b]mat4) (inv_abs: [b]mat4)
                     (weights: [b][v]f64) (base_pos: [4][v]f64) (mirrored: bool) (theta: [26]f64) : [v][3]f64 =
  let (ms, rg) = pose parents base_rel inv_abs theta
  in map2 (skin ms rg mirrored theta) (transpose base_pos) (transpose weights)

-- The posed vertices at indices is, skinning only those: a derivative
-- then costs per residual rather than per vertex of the model.
def vertices_at [b] [v] [k] (parents: [b]i32) (base_rel: [b]mat4) (inv_abs: [b]mat4)
                            (weights: [b][v]f64) (base_pos: [4][v]f64) (mirrored: bool) (theta: [26]f64)
                            (is: [k]i64) : [k][3]f64 =
  let (ms, rg) = pose parents base_rel inv_abs theta
  let sk = skin ms rg mirrored theta
  in map (\i -> sk (map (\r -> r[i]) base_pos) (map (\r -> r[i]) weights)) is

def residuals [b] [v] [t] [n] [u]
    (parents: [b]i32) (base_rel: [b]mat4) (inv_abs: [b]mat4) (weights: [b][v]f64)
    (base_pos: [4][v]f64) (triangles: [t][3]i32) (mirrored: bool) (corr: [n]i32)
    (points: [3][n]f64) (theta: [26]f64) (us: [u]f64) : [n][3]f64 =
  let vs = vertices parents base_rel inv_abs weights base_pos mirrored theta
  let target i c =
    if u == 0 then vs[i64.i32 c]
    else let tri = triangles[i64.i32 c]
         let (u0, u1) = (us[2 * i], us[2 * i + 1])
         in map3 (\a b' c' -> u0 * a + u1 * b' + (1 - u0 - u1) * c')
                 vs[i64.i32 tri[0]] vs[i64.i32 tri[1]] vs[i64.i32 tri[2]]
  -- Point i is column i of points, read in place.
  in map2 (\i c -> map2 (-) (map (\r -> r[i]) points) (target i c)) (iota n) corr

-- The residuals as residuals computes them, skinning only the vertices
-- they read.
def residuals_read [b] [v] [t] [n] [u]
    (parents: [b]i32) (base_rel: [b]mat4) (inv_abs: [b]mat4) (weights: [b][v]f64)
    (base_pos: [4][v]f64) (triangles: [t][3]i32) (mirrored: bool) (corr: [n]i32)
    (points: [3][n]f64) (theta: [26]f64) (us: [u]f64) : [n][3]f64 =
  let at [k] (is: [k]i64) : [k][3]f64 = vertices_at parents base_rel inv_abs weights base_pos mirrored theta is
  in if u == 0
     then map2 (\i v -> map2 (-) (map (\r -> r[i]) points) v) (iota n) (at (map i64.i32 corr))
     else let tris = map (\c -> map i64.i32 triangles[i64.i32 c]) corr
          let vs : [n][3][3]f64 = unflatten (at (flatten tris))
          in map2 (\i v3 ->
                     let (u0, u1) = (us[2 * i], us[2 * i + 1])
                     in map2 (-) (map (\r -> r[i]) points)
                             (map3 (\a b' c' -> u0 * a + u1 * b' + (1 - u0 - u1) * c') v3[0] v3[1] v3[2]))
                  (iota n) vs

-- The residuals, computed so that a derivative costs the least: when
-- they read fewer vertices than the model has, only those are skinned;
-- otherwise every vertex is, once, and the residuals index them (so the
-- derivative reads the vertices' tangents in place, never gathered).
def residuals_at [b] [v] [t] [n] [u]
    (parents: [b]i32) (base_rel: [b]mat4) (inv_abs: [b]mat4) (weights: [b][v]f64)
    (base_pos: [4][v]f64) (triangles: [t][3]i32) (mirrored: bool) (corr: [n]i32)
    (points: [3][n]f64) (theta: [26]f64) (us: [u]f64) : [n][3]f64 =
  -- Branching on the variant first lets each branch know the number of
  -- Jacobian columns (26 or 28) as a constant.
  let all_v = residuals parents base_rel inv_abs weights base_pos triangles mirrored corr points theta
  let read = residuals_read parents base_rel inv_abs weights base_pos triangles mirrored corr points theta
  in if u == 0
     then (if n >= v then all_v us else read us)
     else (if 3 * n >= v then all_v us else read us)

-- The Jacobian of f at (theta, us): 3N rows of ncols = 26 (simple) or 28
-- (complicated, u columns first). Each residual depends on its own pair
-- of us only, so a u column moves every pair's first (or second) entry
-- at once: it is the derivative along e[0] (e[1]) of f with e added to
-- the entries at even (odd) indices, and the tangents are 28 numbers,
-- not 28 arrays of u. jmp shares one primal evaluation among all the
-- column tangents; it carries them innermost ([n][3][ncols]), so taking
-- its columns back by row is the layout it computed, not a transposition.
def jacobian_of [n] [u] (f: ([26]f64, [u]f64) -> [n][3]f64) (theta: [26]f64) (us: [u]f64) : [][]f64 =
  let off = if u == 0 then 0 else 2
  let g (th: [26]f64, e: [2]f64) = f (th, map2 (\j x -> x + e[j % 2]) (iota u) us)
  let seed c = (map (\j -> if j + off == c then 1 else 0) (iota 26), map (\j -> if j == c && c < off then 1 else 0) (iota 2))
  let cols = jmp g (theta, [0, 0]) (map seed (iota (26 + off)))
  in flatten (map transpose (transpose cols))

-- ==
-- entry: objective
-- input @ ht_simple.in
-- output { [[0.3866462668113232, -1.2753753126129936, 0.41458210554132435],
--           [-0.1957280111027777, -0.9765822142596956, -1.2324610492575743]] }
-- input @ ht_complicated.in
-- output { [[0.4281798680354564, -0.24389653259878186, 0.2354472186898472],
--           [-0.1104924365025125, -1.7583766394944833, -1.1647352773823545]] }
-- "simple_big_hand1_c100" notest input @ data/simple_big_hand1_c100.in
-- "complicated_big_hand1_c100" notest input @ data/complicated_big_hand1_c100.in
-- "simple_big_hand2_c192" notest input @ data/simple_big_hand2_c192.in
-- "complicated_big_hand2_c192" notest input @ data/complicated_big_hand2_c192.in
-- "simple_big_hand3_c200" notest input @ data/simple_big_hand3_c200.in
-- "complicated_big_hand3_c200" notest input @ data/complicated_big_hand3_c200.in
-- "simple_big_hand4_c400" notest input @ data/simple_big_hand4_c400.in
-- "complicated_big_hand4_c400" notest input @ data/complicated_big_hand4_c400.in
-- "simple_big_hand5_c800" notest input @ data/simple_big_hand5_c800.in
-- "complicated_big_hand5_c800" notest input @ data/complicated_big_hand5_c800.in
-- "simple_big_hand6_c1600" notest input @ data/simple_big_hand6_c1600.in
-- "complicated_big_hand6_c1600" notest input @ data/complicated_big_hand6_c1600.in
-- "simple_big_hand7_c3200" notest input @ data/simple_big_hand7_c3200.in
-- "complicated_big_hand7_c3200" notest input @ data/complicated_big_hand7_c3200.in
-- "simple_big_hand8_c6400" notest input @ data/simple_big_hand8_c6400.in
-- "complicated_big_hand8_c6400" notest input @ data/complicated_big_hand8_c6400.in
-- "simple_big_hand9_c12800" notest input @ data/simple_big_hand9_c12800.in
-- "complicated_big_hand9_c12800" notest input @ data/complicated_big_hand9_c12800.in
-- "simple_big_hand10_c25600" notest input @ data/simple_big_hand10_c25600.in
-- "complicated_big_hand10_c25600" notest input @ data/complicated_big_hand10_c25600.in
-- "simple_big_hand11_c51200" notest input @ data/simple_big_hand11_c51200.in
-- "complicated_big_hand11_c51200" notest input @ data/complicated_big_hand11_c51200.in
-- "simple_big_hand12_c100000" notest input @ data/simple_big_hand12_c100000.in
-- "complicated_big_hand12_c100000" notest input @ data/complicated_big_hand12_c100000.in

entry objective [b] [v] [t] [n] [u]
    (parents: [b]i32) (base_rel: [b]mat4) (inv_abs: [b]mat4) (weights: [b][v]f64)
    (base_pos: [4][v]f64) (triangles: [t][3]i32) (mirrored: bool) (corr: [n]i32)
    (points: [3][n]f64) (theta: [26]f64) (us: [u]f64) : [n][3]f64 =
  residuals parents base_rel inv_abs weights base_pos triangles mirrored corr points theta us

-- ==
-- entry: jacobian
-- input @ ht_simple.in
-- output { [[0.190518913867, 0.178844872967, 1.65471085289, -1.00000000003, 0.0, 0.0, 0.184099506417, 0.967054346601, 0.111646490053, 0.0496630878644, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0],
--           [-0.123883370895, 0.0128907637897, -0.101659468843, 0.0, -1.00000000014, 0.0, 0.0753666458131, 0.0254090735119, 0.131764912759, 0.157744812546, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0],
--           [-1.62289836275, 0.365411345404, 0.150546091482, 0.0, 0.0, -1.00000000003, -0.899492614725, 0.182332909382, -0.695605891499, -0.482338213148, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0],
--           [0.0343855288687, -0.0170528950405, 0.375392474106, -0.999999999973, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.065820404016, 0.0996051080504, 0.0445471451949, 0.0680158332433, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0],
--           [0.0114453063138, -0.0126491961905, -0.197155560933, 0.0, -1.00000000003, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, -0.075773855357, -0.148720815607, -0.0889432616447, -0.141084798455, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0],
--           [-0.340109460706, 0.249566533883, 0.023734764043, 0.0, 0.0, -1.00000000003, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0408609563962, -0.000978773173621, 0.149828911278, 0.245904302698, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0]] }
-- input @ ht_complicated.in
-- output { [[0.0823742779141, 0.358110078518, 0.0574821578669, -0.0380574814995, 0.642399346495, -0.999999999973, 0.0, 0.0, 0.036819901239, 0.19341086932, 0.0223292980217, 0.00993261750626, -0.0914361478754, -0.05998858571, -0.075478755579, -0.0806073311432, 0.032910202008, 0.0498025540252, 0.0222735725974, 0.0340079166494, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0],
--           [-1.29879309835, -0.0251856622281, 0.0557086872188, -0.0126202662765, -0.0772856114661, 0.0, -1.00000000003, 0.0, 0.0150733291404, 0.00508181474679, 0.0263529826849, 0.0315489625535, 0.122629742805, 0.0407146047987, 0.0824247352593, 0.07043954664, -0.0378869277062, -0.0743604078313, -0.0444716308223, -0.0705423992553, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0],
--           [0.147043154799, -0.205001210041, -0.619632584464, 0.168225734676, 0.0561824190504, 0.0, 0.0, -1.00000000003, -0.179898522967, 0.0364665819208, -0.139121178355, -0.0964676425963, 0.0268552382554, -0.00578901165893, 0.0691064984126, 0.1176997384, 0.0204304781981, -0.000489386531299, 0.0749144556389, 0.122952151349, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0],
--           [0.0823742779141, 0.358110078518, 0.125355543834, 0.0804243857622, 1.14669790025, -1.00000000003, 0.0, 0.0, 0.110459703884, 0.580232607961, 0.0669878940096, 0.0297978527408, -0.0304787159955, -0.0199961952552, -0.0251595851375, -0.0268691103811, 0.0197461211826, 0.0298815324151, 0.0133641435696, 0.0204047499452, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0],
--           [-1.29879309835, -0.0251856622281, -0.0459755279403, 0.000981759118446, -0.106267662225, 0.0, -1.00000000014, 0.0, 0.0452199875323, 0.0152454441293, 0.0790589477218, 0.0946468875496, 0.0408765808979, 0.0135715348959, 0.0274749116791, 0.023479848843, -0.0227321566015, -0.0446162445877, -0.0266829784934, -0.0423254395976, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0],
--           [0.147043154799, -0.205001210041, -1.11743791631, 0.284236833625, 0.102183356998, 0.0, 0.0, -1.00000000003, -0.539695568902, 0.109399745596, -0.417363534955, -0.289402927844, 0.00895174612214, -0.00192967053447, 0.0230354995079, 0.0392332460963, 0.0122582870521, -0.000293631896575, 0.04494867345, 0.0737712908538, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0]] }
-- "simple_big_hand1_c100" notest input @ data/simple_big_hand1_c100.in
-- "complicated_big_hand1_c100" notest input @ data/complicated_big_hand1_c100.in
-- "simple_big_hand2_c192" notest input @ data/simple_big_hand2_c192.in
-- "complicated_big_hand2_c192" notest input @ data/complicated_big_hand2_c192.in
-- "simple_big_hand3_c200" notest input @ data/simple_big_hand3_c200.in
-- "complicated_big_hand3_c200" notest input @ data/complicated_big_hand3_c200.in
-- "simple_big_hand4_c400" notest input @ data/simple_big_hand4_c400.in
-- "complicated_big_hand4_c400" notest input @ data/complicated_big_hand4_c400.in
-- "simple_big_hand5_c800" notest input @ data/simple_big_hand5_c800.in
-- "complicated_big_hand5_c800" notest input @ data/complicated_big_hand5_c800.in
-- "simple_big_hand6_c1600" notest input @ data/simple_big_hand6_c1600.in
-- "complicated_big_hand6_c1600" notest input @ data/complicated_big_hand6_c1600.in
-- "simple_big_hand7_c3200" notest input @ data/simple_big_hand7_c3200.in
-- "complicated_big_hand7_c3200" notest input @ data/complicated_big_hand7_c3200.in
-- "simple_big_hand8_c6400" notest input @ data/simple_big_hand8_c6400.in
-- "complicated_big_hand8_c6400" notest input @ data/complicated_big_hand8_c6400.in
-- "simple_big_hand9_c12800" notest input @ data/simple_big_hand9_c12800.in
-- "complicated_big_hand9_c12800" notest input @ data/complicated_big_hand9_c12800.in
-- "simple_big_hand10_c25600" notest input @ data/simple_big_hand10_c25600.in
-- "complicated_big_hand10_c25600" notest input @ data/complicated_big_hand10_c25600.in
-- "simple_big_hand11_c51200" notest input @ data/simple_big_hand11_c51200.in
-- "complicated_big_hand11_c51200" notest input @ data/complicated_big_hand11_c51200.in
-- "simple_big_hand12_c100000" notest input @ data/simple_big_hand12_c100000.in
-- "complicated_big_hand12_c100000" notest input @ data/complicated_big_hand12_c100000.in

-- The Jacobian, 3N rows (jacobian_of).
entry jacobian [b] [v] [t] [n] [u]
    (parents: [b]i32) (base_rel: [b]mat4) (inv_abs: [b]mat4) (weights: [b][v]f64)
    (base_pos: [4][v]f64) (triangles: [t][3]i32) (mirrored: bool) (corr: [n]i32)
    (points: [3][n]f64) (theta: [26]f64) (us: [u]f64) : [][]f64 =
  jacobian_of (\(th, us') -> residuals_at parents base_rel inv_abs weights base_pos triangles mirrored corr points th us') theta us

-- Both ways of computing the residuals give the same Jacobian (to the
-- last bits of rounding), whichever of them jacobian picks for the data.
-- ==
-- entry: paths_agree
-- input @ ht_simple.in
-- output { true }
-- input @ ht_complicated.in
-- output { true }

entry paths_agree [b] [v] [t] [n] [u]
    (parents: [b]i32) (base_rel: [b]mat4) (inv_abs: [b]mat4) (weights: [b][v]f64)
    (base_pos: [4][v]f64) (triangles: [t][3]i32) (mirrored: bool) (corr: [n]i32)
    (points: [3][n]f64) (theta: [26]f64) (us: [u]f64) : bool =
  let all_v = jacobian_of (\(th, us') -> residuals parents base_rel inv_abs weights base_pos triangles mirrored corr points th us') theta us
  let read = jacobian_of (\(th, us') -> residuals_read parents base_rel inv_abs weights base_pos triangles mirrored corr points th us') theta us
  let (x, y) = (flatten all_v, flatten read)
  let m = length x
  in length y == m && and (map2 (\a b' -> f64.abs (a - b') <= 1e-12 * (1 + f64.abs a)) (x :> [m]f64) (y :> [m]f64))
