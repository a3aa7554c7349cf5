-- The Jacobian of bundle adjustment's projection (the dF~ paper's section
-- 6) with respect to the 11 camera parameters, for N points: 2N x 11,
-- laid out [N][2][11]. The camera is r (rotation, axis times angle), C
-- (centre), f (focal length), x0 (principal point) and k (radial
-- distortion):
--
--   project(cam, X) = distort(k, p2e(rodrigues(r, X - C))) f + x0
--   distort(k, x)   = x (1 + k1 |x|^2 + k2 |x|^4)
--   p2e(X)          = (X1 / X3, X2 / X3)
--   rodrigues(r, X) = X cos t + (w x X) sin t + w (w . X)(1 - cos t),
--                     t = |r|, w = r / t
--
-- jac_g by forward mode (one jvp per column, over one-hot seeds of the
-- camera) against jac_f by reverse mode (one
-- vjp per row, over one-hot output seeds): bench/scripts/adratio prints
-- jac_g / jac_f. bench/scripts/gobase -w project times a hand-written Go
-- version (bench/oracle).

def dot3 (a: [3]f64) (b: [3]f64) : f64 = a[0] * b[0] + a[1] * b[1] + a[2] * b[2]

def cross (a: [3]f64) (b: [3]f64) : [3]f64 =
  [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]]

def rodrigues (r: [3]f64) (x: [3]f64) : [3]f64 =
  let t = f64.sqrt (dot3 r r)
  let w = map (/ t) r
  let wx = cross w x
  let s = dot3 w x * (1 - f64.cos t)
  in map3 (\xi ci wi -> xi * f64.cos t + ci * f64.sin t + wi * s) x wx w

def project (cam: [11]f64) (x: [3]f64) : [2]f64 =
  let xc = rodrigues cam[0:3] (map2 (-) x cam[3:6])
  let p0 = xc[0] / xc[2]
  let p1 = xc[1] / xc[2]
  let rsq = p0 * p0 + p1 * p1
  let l = 1 + cam[9] * rsq + cam[10] * rsq * rsq
  in [cam[7] + p0 * l * cam[6], cam[8] + p1 * l * cam[6]]

def onehot (n: i64) (i: i64) : [n]f64 = tabulate n (\j -> if i == j then 1 else 0)

entry primal [n] (cam: [11]f64) (xs: [n][3]f64) : [n][2]f64 = map (project cam) xs

entry jac_g [n] (cam: [11]f64) (xs: [n][3]f64) : [n][2][11]f64 =
  map (\x -> transpose (tabulate 11 (\k -> jvp (\c -> project c x) cam (onehot 11 k)))) xs

entry jac_f [n] (cam: [11]f64) (xs: [n][3]f64) : [n][2][11]f64 =
  map (\x -> tabulate 2 (\r -> vjp (\c -> project c x) cam (onehot 2 r))) xs

-- The projection of X = [1, 2, 3] is the test vector of the paper's
-- benchmark; the Jacobians are central differences (step 1e-6) of an
-- independent implementation of project.
-- ==
-- entry: primal
-- input { [0.1, 0.2, 0.3, 0.0, 0.0, -5.0, 2.0, 0.5, 0.25, 0.01, 0.001] [[1.0, 2.0, 3.0], [-0.5, 0.25, 1.5]] }
-- output { [[1.0213733064068522, 0.6719480981174948], [0.7562067116226541, 0.13977958127701093]] }
-- ==
-- entry: jac_f jac_g
-- input { [0.1, 0.2, 0.3, 0.0, 0.0, -5.0, 2.0, 0.5, 0.25, 0.01, 0.001] [[1.0, 2.0, 3.0], [-0.5, 0.25, 1.5]] }
-- output { [[[0.2541848009851577, 2.0969233580636626, -0.5146713829562444, -0.2502716427432716, 0.080260188273229, 0.011218908202437207, 0.2606866532639529, 0.9999999999177334, 0.0, 0.058438434757945856, 0.006557539067308937],
--            [-2.0800840954127153, 0.4448577257676334, 0.2953383566595136, -0.08703872211857089, -0.2349481591501501, 0.06961688001627664, 0.21097404903636097, 0.0, 0.9999999999732445, 0.04729430164163162, 0.00530702481960077]],
--           [[0.31201992078955243, 2.0046676478258085, 0.030487677549206893, -0.29694050618367385, 0.09278552920433114, -0.026410251607877914, 0.12810335581203702, 1.0000000000287557, 0.0, 0.004979696544005208, 9.680545254298067e-05],
--            [-1.989648705708058, 0.2918893451525628, 0.04636391240375737, -0.09066765745135985, -0.2964900993052133, 0.004429030167618642, -0.055110209354336526, 0.0, 0.9999999999871223, -0.002142271110505689, -4.164582567689479e-05]]] }
-- "n" notest random input { [11]f64 [10000][3]f64 }
-- "8n" notest random input { [11]f64 [80000][3]f64 }
