-- The cost of reverse mode per construct family: each X_f is a primal and
-- X_g its gradient by vjp, timed at n = 100000 and 8n. vjp/primal should
-- not grow with n (the issue's complexity criterion); bench/scripts/run.sh
-- complexity prints the ratios. Small test cases check the gradients
-- against hand-derived values so that the program cannot rot.

def fmap [n] (xs: [n]f64) = f64.sum (map (\x -> f64.sin x * x) xs)
-- generic reduce: an associative operator that is none of the special cases
def fred [n] (xs: [n]f64) = (reduce (\(a1, b1) (a2, b2) -> (a1 * a2, b1 * a2 + b2)) (1, 0) (map (\x -> (x, 1 - x)) xs)).1
def fmul [n] (xs: [n]f64) = f64.product xs
def fmax [n] (xs: [n]f64) = f64.maximum (map f64.sin xs)
-- generic scan: the same affine composition
def fscan [n] (xs: [n]f64) = f64.sum (map (.1) (scan (\(a1, b1) (a2, b2) -> (a1 * a2, b1 * a2 + b2)) (1, 0) (map (\x -> (x, 1 - x)) xs)))
def fscanp [n] (xs: [n]f64) = f64.sum (map (\y -> y * y) (scan (+) 0 xs))
def fhist [n] (xs: [n]f64) = f64.sum (map (\y -> y * y) (hist (+) 0 100 (map (% 100) (iota n)) xs))
def fhistmul [n] (xs: [n]f64) = f64.sum (hist (*) 1 100 (map (% 100) (iota n)) xs)
def fhistgen [n] (xs: [n]f64) = f64.sum (hist (\a b -> a * b + a + b) 0 100 (map (% 100) (iota n)) (map (* 0.01) xs))
def fscatter [n] (xs: [n]f64) = f64.sum (map (\y -> y * y) (scatter (replicate n 0) (map (\i -> (i * 7) % n) (iota n)) (map f64.sin xs)))
def floop [n] (xs: [n]f64) = loop acc = 0.5 for i < n do acc * 0.99 + f64.sin (xs[i] * acc)
def fwhile [n] (xs: [n]f64) = (loop (acc, i) = (0.5, 0) while i < n do (acc * 0.99 + f64.sin (xs[i] * acc), i + 1)).0

-- ==
-- entry: map_f map_g red_f red_g mul_f mul_g max_f max_g scan_f scan_g scanp_f scanp_g hist_f hist_g histmul_f histmul_g histgen_f histgen_g scatter_f scatter_g loop_f loop_g while_f while_g
-- "n" notest random input { [100000]f64 }
-- "8n" notest random input { [800000]f64 }
-- "small" nobench input { [0.3, 1.5, 0.7, 2.0, 0.9] }

-- The loops start from 0.5: from 0 they would stay at 0, and sin 0 is a
-- fast path that makes the primal unrepresentatively cheap.
-- Hand-derived gradients: d/dx (x sin x) = x cos x + sin x; for xs =
-- [2, 3] fred = (1 - x1) x2 + (1 - x2) and fscan = (1 - x1) + fred.
-- ==
-- entry: map_g
-- input { [0.0, 1.0] } output { [0.0, 1.3817732906760363] }
-- ==
-- entry: red_g
-- input { [2.0, 3.0] } output { [-3.0, -2.0] }
-- ==
-- entry: scan_g
-- input { [2.0, 3.0] } output { [-4.0, -2.0] }
-- ==
-- entry: mul_g
-- input { [2.0, 3.0, 4.0] } output { [12.0, 8.0, 6.0] }

entry map_f [n] (xs: [n]f64) = fmap xs
entry map_g [n] (xs: [n]f64) = vjp fmap xs 1
entry red_f [n] (xs: [n]f64) = fred xs
entry red_g [n] (xs: [n]f64) = vjp fred xs 1
entry mul_f [n] (xs: [n]f64) = fmul xs
entry mul_g [n] (xs: [n]f64) = vjp fmul xs 1
entry max_f [n] (xs: [n]f64) = fmax xs
entry max_g [n] (xs: [n]f64) = vjp fmax xs 1
entry scan_f [n] (xs: [n]f64) = fscan xs
entry scan_g [n] (xs: [n]f64) = vjp fscan xs 1
entry scanp_f [n] (xs: [n]f64) = fscanp xs
entry scanp_g [n] (xs: [n]f64) = vjp fscanp xs 1
entry hist_f [n] (xs: [n]f64) = fhist xs
entry hist_g [n] (xs: [n]f64) = vjp fhist xs 1
entry histmul_f [n] (xs: [n]f64) = fhistmul xs
entry histmul_g [n] (xs: [n]f64) = vjp fhistmul xs 1
entry histgen_f [n] (xs: [n]f64) = fhistgen xs
entry histgen_g [n] (xs: [n]f64) = vjp fhistgen xs 1
entry scatter_f [n] (xs: [n]f64) = fscatter xs
entry scatter_g [n] (xs: [n]f64) = vjp fscatter xs 1
entry loop_f [n] (xs: [n]f64) = floop xs
entry loop_g [n] (xs: [n]f64) = vjp floop xs 1
entry while_f [n] (xs: [n]f64) = fwhile xs
entry while_g [n] (xs: [n]f64) = vjp fwhile xs 1
