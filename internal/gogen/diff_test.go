package gogen

import "testing"

// Every case runs through the interpreter and the generated code, at
// GOMAXPROCS 1 and 2; results must agree bit for bit.
var diffCases = []diffCase{
	{name: "dot", src: `entry main (xs: []f64) (ys: []f64) : f64 = reduce (+) 0 (map2 (*) xs ys)`,
		args: []string{"[1.0, 2.0, 3.0]", "[4.0, -5.0, 6.0]"}},
	// Sequential float sums run in partial sums (lanes): widths below, at
	// and around the lane count, several sums in one Screma, inputs read
	// through iota, and sums inside a map's rows. The values are small
	// integers, so every order of additions gives the same bits.
	{name: "lanes dot", src: `entry main (xs: [][]f64) (v: []f64) : []f64 = map (\row -> f64.sum (map2 (*) row v)) xs`,
		args: []string{"[[1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0], [-1.0, 0.0, 2.0, 5.0, 1.0, 1.0, 3.0]]", "[4.0, -5.0, 6.0, 1.0, 2.0, 3.0, -2.0]"}},
	{name: "lanes widths", src: `entry main (xs: []f32) = map (\k -> f32.sum (map (\x -> x * 2) xs[:k])) (iota (length xs + 1))`,
		args: []string{"[1f32, 2f32, 3f32, 4f32, 5f32, 6f32, 7f32, 8f32, 9f32]"}},
	{name: "lanes two sums", src: `entry main (xss: [][]f64) = map (\xs -> let (a, b) = (f64.sum (map (\x -> x * x) xs), f64.sum (map (\i -> f64.i64 i * xs[i]) (indices xs))) in (a, b, f64.sum xs)) xss`,
		args: []string{"[[1.0, 2.0, 3.0, 4.0, 5.0], [6.0, 7.0, 8.0, 9.0, 10.0]]"}},
	{name: "lanes triangle", src: `entry main (lr: []f64) (z: []f64) = map (\i -> let ro = i * (i - 1) / 2 in f64.sum (map2 (*) (lr[ro:ro + i] :> [i]f64) (z[:i] :> [i]f64))) (iota (length z))`,
		args: []string{"[1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0, 10.0, 11.0, 12.0, 13.0, 14.0, 15.0, 16.0, 17.0, 18.0, 19.0, 20.0, 21.0]", "[1.0, -1.0, 2.0, -2.0, 3.0, -3.0, 4.0]"}},
	{name: "lanes reduce rows", src: `entry main (xss: [][]f32) = map (\xs -> f32.sum xs) xss`,
		args: []string{"[[1f32, 2f32, 3f32, 4f32, 5f32, 6f32], [7f32, 8f32, 9f32, 10f32, 11f32, -12f32]]"}},
	{name: "lanes big reduce", src: `entry main (n: i64) = let xs = map (\i -> f64.i64 (i % 100)) (iota n) in (f64.sum xs, xs[3])`,
		args: []string{"100003i64"}},
	// Float min and max reductions run in lanes too, exactly: -0 is below
	// +0 and a NaN loses (IEEE 754-2019 minimumNumber and
	// maximumNumber) whatever lane an element falls in; every width up to
	// two windows of lanes and past, f32 and f16, and a parallel one.
	{name: "lanes min max widths", src: `entry main (xs: []f64) = map (\k -> let ys = map (\x -> x * 2) xs[:k] in (f64.minimum ys, f64.maximum ys, f32.minimum (map f32.f64 ys), f16.maximum (map f16.f64 ys))) (iota (length xs + 1))`,
		args: []string{"[0.0, -0.0, 3.0, f64.nan, -0.0, 0.0, -2.0, 0.0, -0.0, f64.nan, 5.0]"}},
	{name: "lanes min max zeros", src: `entry main (xss: [][]f64) = map (\xs -> (f64.minimum xs, f64.maximum xs, reduce f64.min f64.inf (map f64.neg xs), reduce f64.max (-f64.inf) (map f64.neg xs))) xss`,
		args: []string{"[[0.0, 0.0, -0.0, 0.0, 0.0], [-0.0, -0.0, 0.0, -0.0, -0.0], [f64.nan, 0.0, f64.nan, -0.0, f64.nan], [f64.nan, f64.nan, f64.nan, f64.nan, f64.nan]]"}},
	{name: "big min max", src: `entry main (n: i64) = let xs = map (\i -> if i % 3 == 0 then -0.0 else if i % 3 == 1 then 0.0 else f64.nan) (iota n) in (f64.minimum xs, f64.maximum xs, f64.minimum (map (\x -> x + f64.i64 (n % 7)) xs))`,
		args: []string{"100003i64"}},
	{name: "elementwise min max", src: `entry main (xs: []f32) (ys: []f32) = (map2 f32.min xs ys, map2 f32.max xs ys)`,
		args: []string{"[0f32, -0f32, f32.nan, 1f32, f32.nan]", "[-0f32, 0f32, 2f32, f32.nan, f32.nan]"}},
	// The GMM gradient's inner loop (accTriangle): the zeros each
	// component's WithAcc accumulates into are scratch, reused by the
	// next component and point, so they must be cleared each time.
	{name: "acc triangle gradient", src: accTriangle,
		args: []string{"[[0.5, -1.0, 2.0], [1.5, 0.25, -0.5], [0.1, 0.2, 0.3]]", "[[0.0, 0.5, 1.0], [1.0, -0.5, 0.25]]", "[[0.4, -0.2, 0.3], [-0.6, 0.1, 0.7]]"}},
	// A loop whose body builds its array afresh keeps its initial value
	// in the worker's scratch and copies it out only when it runs no
	// iteration (the second call of each case would otherwise overwrite
	// the first's result); a body that may pass its parameter on keeps
	// the initial value in storage of its own.
	{name: "loop init scratch, no iteration", src: loopInitFor, args: []string{"0i64", "1.5"}},
	{name: "loop init scratch, iterations", src: loopInitFor, args: []string{"3i64", "1.5"}},
	{name: "while init scratch, no iteration", src: loopInitWhile, args: []string{"-1.0"}},
	{name: "while init scratch, iterations", src: loopInitWhile, args: []string{"3.5"}},
	{name: "loop passing its parameter on", src: `entry main (n: i64) (x: f64) = loop y = replicate 3 x for i < n do if i % 2 == 0 then y else map (+ 1) y`,
		args: []string{"1i64", "0.5"}},
	{name: "loop passing its parameter on, no iteration", src: `entry main (n: i64) (x: f64) = loop y = replicate 3 x for i < n do if i % 2 == 0 then y else map (+ 1) y`,
		args: []string{"0i64", "0.5"}},
	// The second result is built afresh, but the first carries the
	// second parameter, whose initial array it then returns after an
	// iteration: that array must stay out of scratch.
	{name: "loop passing another parameter on", src: `entry main (n: i64) (x: f64) = loop (a, b) = (replicate 2 x, replicate 2 (x + 1)) for i < n do (b, map (* 2) a)`,
		args: []string{"1i64", "0.5"}},
	{name: "factorial loop", src: `entry main (n: i64) = loop acc = 1i64 for i < n do acc * (i + 1)`, args: []string{"5i64"}},
	{name: "while", src: `entry main (x: i64) = (loop (x, n) = (x, 0i64) while x != 1 do if x % 2 == 0 then (x / 2, n + 1) else (3 * x + 1, n + 1)).1`,
		args: []string{"27i64"}},
	{name: "matmul", src: `def matmul [n][m][p] (a: [n][m]f64) (b: [m][p]f64) : [n][p]f64 =
  map (\row -> map (\col -> f64.sum (map2 (*) row col)) (transpose b)) a
entry main (a: [][]f64) (b: [][]f64) = matmul a b`,
		args: []string{"[[1.0, 2.0], [3.0, 4.0]]", "[[5.0, 6.0], [7.0, 8.0]]"}},
	{name: "big sum", src: `entry main (n: i64) = (reduce (+) 0 (iota n), reduce (*) 1i32 (map (\i -> i32.i64 (i % 7 + 1)) (iota n)))`,
		args: []string{"100003i64"}},
	{name: "big float sum exact", src: `entry main (n: i64) = f64.sum (map (\i -> f64.i64 (i % 100)) (iota n))`,
		args: []string{"200000i64"}},
	{name: "big scan", src: `entry main (n: i64) = let s = scan (+) 0 (map (\i -> i * 3 - 7) (iota n)) in (s[n-1], s[n/2], s[1], s[0])`,
		args: []string{"100001i64"}},
	{name: "big scan tuple", src: `entry main (n: i64) =
  let (a, b) = unzip (scan (\(a, b) (c, d) -> (a + c, i32.max b d)) (0, i32.lowest) (map (\i -> (i, i32.i64 ((i * 7919) % 1000))) (iota n)))
  in (a[n-1], b[n-1], a[n/3], b[17], length a)`,
		args: []string{"70001i64"}},
	// A top-level scan over a cheap function with a map output beside it
	// runs in a parallel scan's phases, the function in both that read
	// rows; so does one that reads its input backwards (n - 1 - i, which
	// cannot fail).
	{name: "scan and map output in phases", src: `entry main (n: i64) = let xs = map (\i -> i * 3 - 7) (iota n) let s = scan (+) 0 (map (* 2) xs) in (s, map (+ 1) xs)`,
		args: []string{"3000i64"}},
	{name: "scan and map output in phases, empty", src: `entry main (xs: []i64) = let s = scan (+) 0 (map (* 2) xs) in (s, map (+ 1) xs)`,
		args: []string{"empty([0]i64)"}},
	{name: "scan of reversed rows in phases", src: `entry main (xs: []i64) = let n = length xs in scan (+) 0 (map (\i -> xs[n - 1 - i] * (i % 5)) (iota n))`,
		args: []string{"[1i64, 2i64, 3i64, 4i64, 5i64, 6i64, 7i64, 8i64, 9i64, 10i64, 11i64, 12i64]"}},
	{name: "scan of reversed rows in phases, chunks", src: `entry main (n: i64) = let xs = map (\i -> i % 11 - 5) (iota n) in scan (+) 0 (map (\i -> xs[n - 1 - i] * (i % 5)) (iota n))`,
		args: []string{"5000i64"}},
	// Reductions of rows computed by a for loop of scalars run four rows
	// in lockstep (loopjam.go): row counts around multiples of four, one
	// chunk and many (a top-level reduction has at most 64 chunks), an
	// empty loop; a bound that depends on the row, a body that may fail
	// and a maximum, as the plain loop does.
	{name: "loop jam 0", src: loopJamSum, args: []string{"[1.0, 2.0, 3.0]", "0i64"}},
	{name: "loop jam 3", src: loopJamSum, args: []string{"[1.0, 2.0, 3.0]", "3i64"}},
	{name: "loop jam 4", src: loopJamSum, args: []string{"[1.0, 2.0, 3.0]", "4i64"}},
	{name: "loop jam 7", src: loopJamSum, args: []string{"[0.5, -1.5, 3.0, 0.25]", "7i64"}},
	// (A sum over chunks, which the interpreter adds in another order:
	// bit for bit at one and two cores, within 1e-9 of the interpreter.)
	{name: "loop jam chunks", src: loopJamSum, args: []string{"[0.5, -1.5, 3.0, 0.25, 1e-3]", "3001i64"}, cores: true},
	// (16 rows: four chunks of four rows, each jammed.)
	{name: "loop jam small chunks", src: loopJamSum, args: []string{"[0.5, -1.5, 3.0, 0.25, 1e-3]", "16i64"}, cores: true},
	// Integers add up alike in any order: bit for bit with the
	// interpreter across chunks too.
	{name: "loop jam chunks exact", src: `entry main [m] (x: [m]i64) (n: i64) =
  i64.sum (map (\i -> loop acc = i for j < m do acc * 3 + x[j] * (i % 5)) (iota n))`, args: []string{"[7, -2, 9, 1000000007]", "3001i64"}},
	{name: "loop jam empty loop", src: loopJamSum, args: []string{"empty([0]f64)", "9i64"}},
	{name: "loop jam specials", src: loopJamSum, args: []string{"[f64.nan, -0.0, f64.inf]", "6i64"}},
	{name: "loop jam varying bound", src: `entry main [m] (x: [m]f64) (n: i64) =
  f64.sum (map (\i -> loop acc = f64.i64 i for j < i % m do acc * 0.5 + x[j]) (iota n))`, args: []string{"[1.0, 2.0, 3.0]", "11i64"}},
	{name: "loop jam failing body", src: `entry main [m] (x: [m]f64) (n: i64) =
  f64.sum (map (\i -> loop acc = 0 for j < m do acc + x[(j + i) % (m + 1)]) (iota n))`, args: []string{"[1.0, 2.0, 3.0]", "9i64"}},
	{name: "loop jam maximum", src: `entry main [m] (x: [m]f64) (n: i64) =
  f64.maximum (map (\i -> let t = f64.i64 i / 7 in (loop (a, p) = (0, 1) for j < m do (a + x[j] * p, p * t)).0) (iota n))`, args: []string{"[1.0, -2.0, 0.5]", "13i64"}},
	// An accumulator carried through a loop in a map's function (reverse
	// mode's adjoint of a loop over free elements, llsq's gradient) adds
	// into the data read before the map, one chunk's own where chunks
	// run in parallel; a loop that returns another accumulator does not.
	// Its rows run four at a time (loopjam.go) where the accumulator
	// is updated in one loop only, at the loop's counter; 16 rows make
	// four chunks of four rows.
	{name: "accumulator through a loop", src: mapJamGrad, args: []string{"[0.5, -1.5, 3.0, 0.25]", "7i64"}},
	{name: "accumulator through a loop, no row", src: mapJamGrad, args: []string{"[0.5, -1.5, 3.0, 0.25]", "0i64"}},
	{name: "accumulator through a loop, four rows", src: mapJamGrad, args: []string{"[0.5, -1.5, 3.0, 0.25]", "4i64"}},
	{name: "accumulator through a loop, empty loops", src: mapJamGrad, args: []string{"empty([0]f64)", "9i64"}},
	{name: "accumulator through a loop, specials", src: mapJamGrad, args: []string{"[f64.nan, -0.0, f64.inf]", "6i64"}},
	{name: "accumulator through a loop, 16 rows", src: mapJamGrad, args: []string{"[0.5, -1.5, 3.0, 0.25, 1e-3]", "16i64"}, cores: true},
	{name: "accumulator through a loop, chunks", src: mapJamGrad, args: []string{"[0.5, -1.5, 3.0, 0.25, 1e-3]", "3001i64"}, cores: true},
	// (Rows jammed through both loops would add each element's
	// contributions in another order: these inputs show it.)
	{name: "accumulator through two loops", src: mapJamTwoLoops, args: []string{"[1e10, 1.0, 3.7, -2.9]", "12i64"}},
	{name: "accumulator through two loops, two elements", src: mapJamTwoLoops, args: []string{"[3.1, -0.7]", "9i64"}},
	{name: "accumulator at another element", src: mapJamReversed, args: []string{"[0.5, -1.5, 3.0, 0.25]", "7i64"}},
	{name: "accumulator through loops of the row's bound", src: mapJamRowBound, args: []string{"[0.5, -1.5, 3.0, 0.25]", "7i64"}},
	// Stencil groups (stencil.go): maps that read earlier maps' results
	// shifted by one run as one loop, carrying the shifted values; a
	// parallel chunk starts with warm steps before it, wrapping around.
	// Widths of one element, fewer than the warm steps, one chunk,
	// several (the grain is 1024) and none; results read after the group
	// are stored, others only carried.
	{name: "stencil rk4 one", src: stencilRK4, args: []string{"[0.5]", "2i64"}},
	{name: "stencil rk4 two", src: stencilRK4, args: []string{"[0.5, 1.0]", "2i64"}},
	{name: "stencil rk4 three", src: stencilRK4, args: []string{"[0.5, 1.0, 2.0]", "2i64"}},
	{name: "stencil rk4 empty", src: stencilRK4, args: []string{"empty([0]f64)", "2i64"}},
	{name: "stencil rk4 chunks", src: stencilRK4Big, args: []string{"3001i64", "3i64"}},
	{name: "stencil down", src: stencilDown, args: []string{"[0.5, -1.0, 2.0, 0.25, 3.0]"}},
	{name: "stencil down one", src: stencilDown, args: []string{"[0.5]"}},
	{name: "stencil down chunks", src: `entry main (n: i64) =
  let xs = map (\i -> f64.i64 ((i * 7919) % 1000) * 0.001 - 0.4) (iota n)
  let a = map2 (\x i -> x * 0.5 + f64.i64 (i % 3)) xs (iota n)
  let b = map2 (\x an -> x + an * 0.25) xs (rotate 1 a)
  let c = map2 (\x bn -> x * bn - 1) xs (rotate 1 b)
  let d = map3 (\x cn an -> x - cn * an) xs (rotate 1 c) a
  in (d[0], d[n - 1], d[n / 2], d[1023], d[1024], b[1023], b[1024], c[2047], c[2048], c[4095], c[4096])`, args: []string{"4099i64"}},
	// A shifted result that is also read after the group, a shift by
	// two (which ends the group) and a shift the other way (which starts
	// another).
	{name: "stencil shift read after", src: `entry main (xs: []f64) =
  let a = map (\x -> x * 3 + 1) xs
  let ra = rotate (-1) a
  let b = map2 (\x p -> x * p) xs ra
  let c = map2 (\x p -> x - p) xs (rotate (-1) b)
  in (c, ra)`, args: []string{"[0.5, -1.0, 2.0, 0.25, 3.0, 7.0]"}},
	{name: "stencil shift by two", src: `entry main (xs: []f64) =
  let a = map (\x -> x * 3 + 1) xs
  let b = map2 (\x p -> x * p) xs (rotate (-1) a)
  let c = map2 (\x p -> x - p) xs (rotate (-2) b)
  let d = map2 (\x p -> x + p * 0.5) xs (rotate (-1) c)
  in (b, d)`, args: []string{"[0.5, -1.0, 2.0, 0.25, 3.0, 7.0, -2.5]"}},
	{name: "stencil both ways", src: `entry main (xs: []f64) =
  let a = map (\x -> x * 3 + 1) xs
  let b = map2 (\x p -> x * p) xs (rotate (-1) a)
  let c = map2 (\x p -> x - p) xs (rotate 1 b)
  let d = map2 (\x p -> x + p * 0.5) xs (rotate 1 c)
  in (b, d)`, args: []string{"[0.5, -1.0, 2.0, 0.25, 3.0, 7.0, -2.5]"}},
	// A map of heavy rows runs as a sequential and as a parallel loop,
	// each generating the rows' body; the rows are literals of
	// concatenations built in their places (concat.go), which the second
	// loop must plan afresh (it referred to the first loop's variables).
	{name: "literal of concatenations in both loops", src: `entry main [v] [m] (vs: [v][3]f64) (dv: [v][3][8]f64) (tris: [m][3]i64) =
  flatten (map (\t -> map (\q -> [vs[t[0], q] - vs[t[2], q], 1.0] ++ map3 (\a b c -> a + b - c) dv[t[0], q] dv[t[1], q] dv[t[2], q]) (iota 3)) tris)`,
		args: []string{"[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]", "[[[1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0], [0.5, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, -1.0], [1.0, 1.0, 1.0, 1.0, 2.0, 2.0, 2.0, 2.0]], [[0.5, 0.5, 0.5, 0.5, 1.5, 1.5, 1.5, 1.5], [2.0, 2.0, 2.0, 2.0, 3.0, 3.0, 3.0, 3.0], [3.0, 3.0, 3.0, 3.0, 4.0, 4.0, 4.0, 4.0]]]", "[[0i64, 1i64, 1i64], [1i64, 0i64, 0i64], [0i64, 0i64, 1i64]]"}},
	// A map over several rotations: those by the same amount as the
	// first read as shifted slices in the same two parts, the others
	// wrap element by element.
	{name: "rotations by the same amount", src: `entry main (xs: []f64) (ys: []f64) (zs: []f64) =
  map5 (\a b c d e -> a * 3 + b * 0.5 - c + d * 0.25 + e * 0.125) (rotate (-1) xs) (rotate (-1) ys) (rotate 1 zs) (rotate (-1) zs) (rotate 2 xs)`,
		args: []string{"[1.0, 2.0, 3.0, 4.0, 5.0]", "[0.5, -1.0, 2.5, 7.0, -3.0]", "[9.0, 8.0, 7.0, 6.0, 5.0]"}},
	{name: "rotations by the same amount, one", src: `entry main (xs: []f64) (ys: []f64) = map2 (\a b -> a - b) (rotate 3 xs) (rotate 3 ys)`,
		args: []string{"[1.0]", "[0.5]"}},
	{name: "rotations by the same amount, chunks", src: `entry main (n: i64) =
  let xs = map (\i -> f64.i64 ((i * 7919) % 1000)) (iota n)
  let ys = map (\i -> f64.i64 ((i * 104729) % 997)) (iota n)
  let r = map3 (\a b c -> a * 2 + b - c) (rotate (-1) xs) (rotate (-1) ys) (rotate 1 ys)
  in (r[0], r[1], r[n - 1], r[1023], r[1024], r[2047], r[2048], r[n / 2])`, args: []string{"3001i64"}},
	// Inside a map's rows the group runs sequentially, from index 0.
	{name: "stencil in rows", src: `def step [n] (h: f64) (x: [n]f64) (y: [n]f64) =
  let k1 = map2 (\xi yp -> xi * yp) x (rotate (-1) y)
  let s2 = map2 (\yi k -> yi + h * k) y k1
  let k2 = map2 (\xi sp -> xi * sp) x (rotate (-1) s2)
  in map3 (\yi a b -> yi + h * (a + b) / 2) y k1 k2
entry main (xss: [][]f64) = map (\xs -> step 0.1 xs (map (+ 1) xs)) xss`,
		args: []string{"[[0.5, -1.0, 2.0], [0.25, 3.0, 7.0]]"}},
	// The gradient of an RK4 step runs the adjoint stages going down.
	{name: "stencil rk4 gradient", src: stencilRK4 + `
entry grad [n] (x: [n]f64) (s: i64) : [n]f64 = vjp (\x' -> (rk4 x' s)[n - 1]) x 1.0`, args: []string{"[0.9, 0.8, 0.7, 0.6, 0.5, 0.4]", "3i64"}},
	// Float scans whose rounding depends on the order of operations: on
	// one core a scan's phases run as one pass (scanPhases), which must
	// apply the operators to the operands of the parallel phases. Scremas
	// (a cheap function), plain scans (after a map with a loop) and a
	// tuple operator; widths of one chunk, several, and a short last one.
	{name: "float scan one pass, screma", cores: true, src: floatScans, args: []string{"100003i64"}},
	{name: "float scan one pass, one chunk", cores: true, src: floatScans, args: []string{"1000i64"}},
	{name: "float scan one pass, chunks", cores: true, src: floatScans, args: []string{"3001i64"}},
	{name: "float scan one pass, plain", cores: true, src: floatScansPlain, args: []string{"100003i64"}},
	{name: "float scan one pass, plain, one chunk", cores: true, src: floatScansPlain, args: []string{"1000i64"}},
	{name: "small scan", src: `entry main (xs: []i32) = scan (+) 0 xs`, args: []string{"[1, 2, 3, 4]"}},
	{name: "empty scan", src: `entry main (xs: []i32) = scan (+) 0 xs`, args: []string{"empty([0]i32)"}},
	{name: "scan rows", src: `entry main (xss: [][]i32) = scan (map2 (+)) (replicate 2 0) xss`, args: []string{"[[1, 2], [3, 4], [5, 6]]"}},
	{name: "reduce rows", src: `entry main (xss: [][]i32) = reduce (map2 (+)) (replicate 3 0) xss`, args: []string{"[[1, 2, 3], [3, 4, 5]]"}},
	{name: "big reduce rows", src: `entry main (n: i64) = reduce (map2 (+)) (replicate 3 0) (map (\i -> [i, i * 2, i % 5]) (iota n))`,
		args: []string{"50000i64"}},
	{name: "minmax tuple reduce", src: `entry main (xs: []f32) = reduce (\(a, b) (c, d) -> (f32.min a c, f32.max b d)) (f32.inf, -f32.inf) (zip xs xs)`,
		args: []string{"[3f32, -1f32, 8.5f32, 2f32]"}},
	{name: "hist", src: `entry main (is: []i64) (vs: []i32) = reduce_by_index (replicate 3 0) (+) 0 is vs`,
		args: []string{"[0i64, 2i64, 0i64, 1i64, 7i64, -1i64]", "[1, 2, 3, 4, 5, 6]"}},
	{name: "hist max f32", src: `entry main (is: []i64) (vs: []f32) = reduce_by_index (replicate 2 (-f32.inf)) f32.max (-f32.inf) is vs`,
		args: []string{"[0i64, 1i64, 0i64, 1i64]", "[1.5f32, -2f32, 3.25f32, 0f32]"}},
	{name: "scatter", src: `entry main (xs: *[]i32) (is: []i64) (vs: []i32) = scatter xs is vs`,
		args: []string{"[10, 20, 30, 40]", "[1i64, 3i64, 1i64, 9i64]", "[5, 6, 7, 8]"}},
	{name: "scatter 2d", src: `entry main (n: i64) = scatter_2d (replicate n (replicate n 0i32)) [(0, 1), (1, 0), (5, 5)] [7, 8, 9]`,
		args: []string{"2i64"}},
	{name: "in-place loop", src: `entry main (n: i64) = loop xs = replicate n 0i64 for i < n do xs with [i] = i * i`,
		args: []string{"4i64"}},
	{name: "in-place rows", src: `entry main (n: i64) = loop xss = replicate n (replicate 3 0i64) for i < n do xss with [i] = map (+ i) (iota 3)`,
		args: []string{"3i64"}},
	{name: "update slice", src: `entry main (xs: *[]i32) = xs with [1:3] = [7, 8]`, args: []string{"[1, 2, 3, 4]"}},
	// A contiguous region (fixed indices, then one range) is copied over
	// in place (updateRange), with updateArr's checks and messages.
	{name: "update slice out of bounds", src: updateRange, args: []string{"[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]", "1i64", "2i64", "[7.0, 8.0]"}},
	{name: "update slice, a whole row", src: updateRange, args: []string{"[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]", "1i64", "0i64", "[7.0, 8.0, 9.0]"}},
	{name: "update slice of a row", src: updateRange, args: []string{"[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]", "1i64", "1i64", "[7.0, 8.0]"}},
	{name: "update slice, empty", src: updateRange, args: []string{"[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]", "0i64", "5i64", "empty([0]f64)"}},
	{name: "update rows", src: `entry main [n] (m: *[n][2]f64) (i: i64) (r: [2][2]f64) = m with [i:i+2] = r`,
		args: []string{"[[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]]", "1i64", "[[7.0, 8.0], [9.0, 10.0]]"}},
	{name: "update rows out of bounds", src: `entry main [n] (m: *[n][2]f64) (i: i64) (r: [2][2]f64) = m with [i:i+2] = r`,
		args: []string{"[[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]]", "2i64", "[[7.0, 8.0], [9.0, 10.0]]"}},
	{name: "consumed argument copied", src: `entry main (xs: []i32) = let ys = copy xs with [0] = 9 in (xs, ys)`, args: []string{"[1, 2]"}},
	{name: "slices", src: `entry main (xs: []i32) = (xs[1:3], xs[::-1], xs[4::-2], xs[2:2])`,
		args: []string{"[10, 11, 12, 13, 14]"}},
	{name: "2d slices", src: `entry main (xss: [][]i32) = (xss[1:, 0], xss[:, 1:], xss[::-1, ::2], xss[1])`,
		args: []string{"[[1, 2, 3], [4, 5, 6], [7, 8, 9]]"}},
	{name: "zip unzip", src: `entry main (xs: []i32) (ys: []f32) = let (a, b) = unzip (map (\(x, y) -> (y, x + 1)) (zip xs ys)) in (a, b)`,
		args: []string{"[1, 2]", "[0.5f32, 1.5f32]"}},
	{name: "ranges", src: `entry main (n: i32) = (1..<n, n..>1, 0..2...n, iota 0 : []i64)`, args: []string{"5"}},
	{name: "array literal", src: `entry main (x: i32) = ([[x, x + 1], [x * 2, 0]], [x])`, args: []string{"3"}},
	{name: "flatten unflatten", src: `entry main (xs: [][]i32) = (flatten xs, unflatten (flatten xs) :> [2][2]i32)`, args: []string{"[[1, 2], [3, 4]]"}},
	{name: "transpose 3d", src: `entry main (x: [][][]i32) = (transpose x, map transpose x)`, args: []string{"[[[1, 2], [3, 4], [5, 6]], [[7, 8], [9, 10], [11, 12]]]"}},
	{name: "concat rotate", src: `entry main (xs: []i32) (ys: []i32) = (xs ++ ys, rotate 1 xs, rotate (-1) (xs ++ ys), rotate 7 ys)`,
		args: []string{"[1, 2, 3]", "[4, 5]"}},
	// Rotations read element by element: split where the index wraps,
	// in sequential and parallel (chunked) loops, maps, reductions and
	// scans, with a second rotation by another offset in the same loop.
	{name: "rotations read by element", src: `
entry main (n: i64) (r: i64) =
  let xs = map (\i -> f64.i64 (i * i % 97)) (iota n)
  let a = map3 (\p q x -> p * 2 + q + x) (rotate r xs) (rotate (-1) xs) xs
  let s = f64.sum (map2 (*) (rotate (r * 3) xs) xs)
  let c = scan (+) 0 (rotate (0 - r) xs)
  in (a[0], a[n / 2], a[n - 1], f64.sum a, s, c[n - 1], c[n / 3])`,
		args: []string{"3000i64", "7i64"}},
	{name: "rotations read by element, small", src: `
entry main (n: i64) (r: i64) =
  let xs = map (\i -> f64.i64 (i * i % 97)) (iota n)
  in (map2 (-) (rotate r xs) xs, f64.sum (map2 (*) (rotate (0 - r) xs) xs), scan (+) 0 (rotate r xs))`,
		args: []string{"9i64", "-13i64"}},
	// Zeros built in storage that held other values: a loop's buffers
	// (whole arrays, and map rows built in place in them).
	{name: "zeros in reused storage", src: `
entry main (n: i64) (xs: []f64) =
  let a = loop ys = map (+ 1) xs for i < 6 do if i % 3 == 2 then replicate n 0 else map (* 2) ys
  let b = loop zs = map (\x -> replicate 3 x) xs for i < 6 do
            if i % 3 == 2 then map (\_ -> replicate 3 0) zs else map (map (+ 1)) zs
  in (a, b)`,
		args: []string{"4i64", "[1.0, 2.0, 3.0, 4.0]"}},
	// Arrays copied out of a loop's or a reduction's scratch buffers into
	// their place (a row of a map's result, an outer loop's buffer): after
	// no iteration (the initial value), after a branch that carries the
	// parameter on, with a size that differs from the row's (an error),
	// and the rows of an array literal built in place.
	{name: "loop results copied to their rows", src: `
entry main [n] (xs: [n]f64) (k: i64) =
  let a = map (\x -> let r = loop acc = replicate 3 x for i < k do
                               if i % 2 == 1 then acc else map (\y -> y * 0.5 + f64.i64 i) acc
                     in r :> [3]f64) xs
  let b = map (\x -> loop acc = replicate 2 x for t < k do
                     loop c = map (+ f64.i64 t) acc for i < t % 3 do map (* 2) c) xs
  in (a, b)`,
		args: []string{"[1.0, 2.0, -3.0]", "5i64"}},
	{name: "loop results copied after no iteration", src: `
entry main [n] (xs: [n]f64) (k: i64) =
  map (\x -> let r = loop acc = replicate 3 x for i < k do map (+ 1) acc in r :> [3]f64) xs`,
		args: []string{"[1.0, 2.0]", "0i64"}},
	{name: "loop result of another size than the row", src: `
entry main [n] (xs: [n]f64) (k: i64) =
  map (\x -> let r = loop acc = replicate 3 x for i < k do acc ++ [x] in r :> [3]f64) xs`,
		args: []string{"[1.0, 2.0]", "1i64"}},
	{name: "reductions of arrays copied out", src: `
entry main [n] (xs: [n]f64) (m: i64) =
  ( map (\x -> reduce (map2 (+)) (replicate 3 0) (map (\k -> map (\j -> x * f64.i64 (k + j)) (iota 3)) (iota m))) xs
  , map (\x -> reduce (map2 f64.max) (replicate 2 (-1)) (map (\k -> [x - f64.i64 k, x * f64.i64 k]) (iota m))) xs )`,
		args: []string{"[1.0, 2.0, -3.0]", "4i64"}},
	{name: "literal rows in place", src: `
entry main [n] (xs: [n]f64) =
  let a = map (\x -> [map (\k -> x + f64.i64 k) (iota 3), map (\k -> x * f64.i64 k) (iota 3)]) xs
  let b = map (\x -> let r = map (\k -> x - f64.i64 k) (iota 2) in ([r, map (* 2) r], f64.sum r)) xs
  in (a, b)`,
		args: []string{"[1.0, 2.0, -3.0]"}},
	{name: "literal rows of different sizes", src: `
entry main [n] (xs: [n]f64) (m: i64) =
  map (\x -> [map (\k -> x + f64.i64 k) (iota 3), map (\k -> x * f64.i64 k) (iota m) :> [3]f64]) xs`,
		args: []string{"[1.0, 2.0]", "4i64"}},
	// Arrays updated in place through ifs, and parameters that swap:
	// only a parameter's own array skips the assignment back.
	{name: "loop arrays in place and swapped", src: `
entry main (n: i64) (xs: []i64) (ys: []i64) =
  loop (a, b) = (copy xs, copy ys) for i < n do
    if i % 3 == 0 then (b, a)
    else if i % 3 == 1 then (a with [i % length a] = i, b)
    else (a, if i % 2 == 0 then b with [0] = b[0] + a[0] else b)`,
		args: []string{"7i64", "[1i64, 2i64, 3i64]", "[4i64, 5i64, 6i64]"}},
	// Arguments of the wrong type: the same message as the interpreter's.
	{name: "argument of another element type", src: `entry main (xs: []i64) (x: f64) = (xs, x)`,
		args: []string{"[1, 2, 3]", "1.5"}},
	{name: "argument of another scalar type", src: `entry main (xs: []i64) (x: f64) = (xs, x)`,
		args: []string{"[1i64]", "true"}},
	{name: "replicate", src: `entry main (n: i64) (x: f32) = (replicate n x, replicate 2 (replicate n 1u8))`, args: []string{"3i64", "2.5f32"}},
	{name: "if arrays", src: `entry main (b: bool) (xs: []i32) = if b then map (+ 1) xs else xs`, args: []string{"true", "[1, 2]"}},
	{name: "nested if", src: `entry main (x: i32) = if x > 0 then (if x > 10 then 2 else 1) else if x < -10 then -2 else 0`, args: []string{"-20"}},
	{name: "map in loop", src: `entry main (n: i64) (xs: []f64) = loop ys = xs for _i < n do map (\y -> y * 0.5 + 1) ys`,
		args: []string{"10i64", "[1.0, 2.0, 3.0, -4.0]"}},
	{name: "map empty rows", src: `entry main (n: i64) = map (\i -> replicate 3 i) (iota n)`, args: []string{"0i64"}},
	{name: "map rows big", src: `entry main (n: i64) = let r = map (\i -> map (\j -> i * j) (iota 4)) (iota n) in (r[n-1], r[3], length r)`,
		args: []string{"20000i64"}},
	{name: "nested reduce", src: `entry main (xss: [][]i64) = map (\xs -> reduce (+) 0 (scan (*) 1 xs)) xss`,
		args: []string{"[[1i64, 2i64, 3i64], [4i64, 5i64, 6i64]]"}},
	{name: "shape coercion", src: `entry main (n: i64) (xs: []i32) = xs :> [n]i32`, args: []string{"3i64", "[1, 2]"}},
	{name: "index error", src: `entry main (xs: []i32) (i: i64) = xs[i]`, args: []string{"[1, 2, 3]", "3i64"}},
	{name: "index error 2d", src: `entry main (xs: [][]i32) (i: i64) = xs[1, i]`, args: []string{"[[1, 2], [3, 4]]", "-1i64"}},
	{name: "slice error", src: `entry main (xs: []i32) (i: i64) = xs[1:i]`, args: []string{"[1, 2, 3]", "7i64"}},
	{name: "update error", src: `entry main (xs: *[]i32) (i: i64) = xs with [i] = 3`, args: []string{"[1, 2, 3]", "3i64"}},
	{name: "division by zero", src: `entry main (x: i32) (y: i32) = x / y`, args: []string{"7", "0"}},
	{name: "mod by zero u8", src: `entry main (x: u8) (y: u8) = x % y`, args: []string{"7u8", "0u8"}},
	{name: "negative exponent", src: `entry main (x: i32) (y: i32) = x ** y`, args: []string{"2", "-1"}},
	{name: "assert", src: `entry main (x: i32) = assert (x > 0) (x + 1)`, args: []string{"0"}},
	{name: "error in parallel map", src: `entry main (n: i64) (k: i64) = map (\i -> 100 / (i - k)) (iota n)`, args: []string{"100000i64", "70000i64"}},
	{name: "first error wins", src: `entry main (n: i64) = map (\i -> if i % 30000 == 29999 then assert false i else i) (iota n)`, args: []string{"100000i64"}},
	{name: "error in reduce", src: `entry main (n: i64) = reduce (+) 0 (map (\i -> 1000 / (i - 5000)) (iota n))`, args: []string{"100000i64"}},
	{name: "negative replicate", src: `entry main (n: i64) = replicate n 1i32`, args: []string{"-1i64"}},
	{name: "negative iota", src: `entry main (n: i64) = iota n`, args: []string{"-3i64"}},
	{name: "map width mismatch", src: `entry main (xs: []i32) (ys: []i32) = map2 (+) xs (ys :> [length xs]i32)`, args: []string{"[1, 2]", "[1, 2, 3]"}},
	{name: "argument shape mismatch", src: `entry main [n] (xs: [n]i32) (ys: [n]i32) = map2 (+) xs ys`, args: []string{"[1, 2]", "[1, 2, 3]"}},
	{name: "signed int ops", src: `entry main (x: i8) (y: i8) = (x + y, x - y, x * y, x / y, x % y, x // y, x %% y, x ** 3, x & y, x | y, x ^ y, x << 3, x >> 2, x << 9, x >> 9, -x, !x)`,
		args: []string{"-100i8", "7i8"}},
	{name: "signed int64 ops", src: `entry main (x: i64) (y: i64) = (x / y, x % y, x // y, x %% y, x * x, x ** 2, x / -1)`,
		args: []string{"-9223372036854775808i64", "-3i64"}},
	{name: "unsigned ops", src: `entry main (x: u16) (y: u16) = (x + y, x - y, x * y, x / y, x % y, x ** 5, x << 15, x >> 3, x << 16, x >> 16, -x, !x)`,
		args: []string{"60000u16", "7u16"}},
	{name: "u64 ops", src: `entry main (x: u64) (y: u64) = (x + y, x * y, x / y, x % y, u64.mul_hi x y, u64.popc x, u64.clz y, u64.ctz x)`,
		args: []string{"18446744073709551615u64", "12345678901u64"}},
	{name: "int functions", src: `entry main (x: i32) (y: i32) = (i32.abs x, i32.sgn x, i32.min x y, i32.max x y, i32.popc x, i32.clz y, i32.ctz x, i32.mul_hi x y, i32.mad_hi x y 3)`,
		args: []string{"-123456", "98765"}},
	{name: "f64 ops", src: `entry main (x: f64) (y: f64) = (x + y, x - y, x * y, x / y, x % y, x ** y, -x, x < y, x == y, x >= y, f64.sqrt y, f64.sin x, f64.atan2 x y, f64.fma x y 1, f64.abs x, f64.sgn x, f64.min x y, f64.floor x, f64.round 2.5, f64.isnan (x / 0))`,
		args: []string{"-2.75", "1.5"}},
	// Negation flips the sign bit of variables and of constants alike
	// (zeros, NaN payloads, f32 too).
	{name: "float negation", src: `entry main (xs: []f64) (ys: []f32) = (map (\x -> f64.to_bits (-x)) xs, map (\y -> f32.to_bits (-y)) ys, f64.to_bits (-(f64.from_bits 0u64)), f64.to_bits (-(f64.from_bits 9221120237041090561u64)))`,
		args: []string{"[0.0, -0.0, 1.5, f64.inf, f64.nan]", "[0.0f32, -0.0f32, f32.nan, -2.5f32]"}},
	{name: "f64 specials", src: `entry main (x: f64) = (x / 0, -x / 0, 0 / x * 0, f64.isinf (1 / x), f64.to_bits (-0.0), f64.from_bits 9218868437227405313u64, f64.nan == f64.nan, f64.nan != f64.nan, f64.nan < 1, f64.max f64.nan 1, f64.min 1 f64.nan)`,
		args: []string{"0.0"}},
	{name: "f32 ops", src: `entry main (x: f32) (y: f32) = (x + y, x * y, x / y, x % y, x ** y, f32.sqrt y, f32.exp x, f32.log y, f32.tanh x, f32.lerp x y 0.25, f32.mad x y 0.5, f32.hypot x y, f32.copysign y x, f32.nextafter x y)`,
		args: []string{"-1.1f32", "3.7f32"}},
	{name: "f16 ops", src: `entry main (x: f16) (y: f16) = (x + y, x - y, x * y, x / y, x ** y, -x, x < y, f16.sqrt y, f16.sin x, f16.abs x, f16.max x y, f16.to_bits x, f16.isnan (x / 0))`,
		args: []string{"-1.5f16", "2.25f16"}},
	{name: "conversions", src: `entry main (x: f64) (i: i32) (u: u8) (b: bool) = (i8.f64 x, u8.f64 x, u64.f64 (-x), i64.f64 x, f32.f64 x, f16.f64 x, f64.i32 i, u8.i32 i, i64.u8 u, i8.u8 u, f32.u8 u, i32.bool b, f64.bool b, bool.i32 i, bool.f64 x, u64.i32 i, f16.i32 i, i32.f16 (f16.f64 x), u64.f64 1.9e19)`,
		args: []string{"-300.75", "-70000", "200u8", "true"}},
	{name: "nan conversions", src: `entry main (x: f64) = (i32.f64 (x / x), u8.f64 f64.inf, bool.f64 (x / x), f16.f64 1e10, f32.f64 1e300)`,
		args: []string{"0.0"}},
	{name: "bools", src: `entry main (a: bool) (b: bool) = (a && b, a || b, !a, a == b, a < b, a >= b)`, args: []string{"false", "true"}},
	{name: "stripmined loop", src: `entry main (xs: []i64) = loop s = 0 for x in xs do s + x`, args: []string{"[1i64, 2i64, 3i64]"}},
	{name: "size-changing loop", src: `entry main (n: i32) = loop (ys: []i32) = [1, 2, 3, 4, 5] for _i < n do if length ys > 1 then ys[1:] else ys`,
		args: []string{"6"}},
	{name: "u8 loop counter", src: `entry main (n: u8) = loop s = 0u32 for i < n do s + u32.u8 i`, args: []string{"255u8"}},
	{name: "histogram big", src: `entry main (n: i64) = hist (+) 0 10 (map (\i -> (i * 7) % 13) (iota n)) (map (\i -> i32.i64 i) (iota n))`,
		args: []string{"100000i64"}},
	{name: "histogram big f32 tuple", src: `entry main (n: i64) =
  let (a, b) = unzip (reduce_by_index (replicate 5 (0f32, 1i64)) (\(a, b) (c, d) -> (a + c, b * d)) (0, 1) (map (\i -> (i * 3) % 7 - 1) (iota n)) (map (\i -> (f32.i64 (i % 4), 1 + i % 2)) (iota n)))
  in (a, b)`,
		args: []string{"50000i64"}},
	{name: "histogram failing op", src: `entry main (n: i64) = hist (\a b -> a + 100 / b) 0 3 (map (% 3) (iota n)) (map (\i -> i - 40000) (iota n))`,
		args: []string{"60000i64"}},
	{name: "histogram out of range", src: `entry main (n: i64) = hist (+) 0 4 (map (\i -> i - 2) (iota n)) (replicate n 1i32)`,
		args: []string{"5000i64"}},
	{name: "recursion", src: `def fib (n: i64) : i64 = if n < 2 then n else fib (n - 1) + fib (n - 2)
entry main (n: i64) = (fib n, map fib (iota 5))`, args: []string{"15i64"}},
	{name: "stack overflow", src: `def down (n: i64) : i64 = if n == 0 then 0 else 1 + down (n - 1)
entry main (n: i64) = down n`, args: []string{"30000i64"}},
	{name: "deep recursion", src: `def down (n: i64) : i64 = if n == 0 then 0 else 1 + down (n - 1)
entry main (n: i64) = down n`, args: []string{"19999i64"}},
	{name: "scan with failing operator", src: `entry main (n: i64) = scan (\a b -> a + 1000 / b) 0 (map (\i -> i - 60000) (iota n))`,
		args: []string{"100000i64"}},
	{name: "recursion with parallel loops inside a parallel map", src: `def f (n: i64) : i64 = if n == 0 then 0 else reduce (+) 0 (map (* n) (iota 3000)) + f (n - 1)
entry main (m: i64) = reduce (+) 0 (map (\i -> f (i % 5)) (iota m))`, args: []string{"5000i64"}},
	{name: "scatter big with duplicates", src: `entry main (n: i64) = let r = scatter (replicate 1000 (-1i64)) (map (\i -> (i * 7919) % 1100) (iota n)) (iota n) in (r[0], r[17], r[999], reduce (+) 0 r)`,
		args: []string{"100000i64"}},
	{name: "scatter big rows", src: `entry main (n: i64) = let r = scatter (replicate 50 (replicate 2 0i64)) (map (% 60) (iota n)) (map (\i -> [i, -i]) (iota n)) in (r[3], r[49], reduce (+) 0 (flatten r))`,
		args: []string{"30000i64"}},
	// Memory planning: scratch buffers reused across iterations, rows
	// built in place, in-place updates of such rows, buffers that must
	// not be reused because they outlive an iteration.
	{name: "scratch per element", src: `entry main (xss: [][]f64) = map (\xs -> let ys = map (\x -> x * 2) xs let zs = map2 (+) ys xs in f64.sum zs) xss`,
		args: []string{"[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0], [7.0, 8.0, 9.5]]"}},
	{name: "scratch big", src: `entry main (n: i64) = map (\i -> let ys = map (\j -> f64.i64 (i * j)) (iota 7) let zs = scan (+) 0 ys in zs[6] + f64.sum (map (*2) zs)) (iota n)`,
		args: []string{"20000i64"}},
	{name: "rows in place", src: `entry main (n: i64) = map (\i -> map (\j -> i * 10 + j) (iota 4)) (iota n)`,
		args: []string{"5000i64"}},
	{name: "rows in place updated", src: `entry main (n: i64) = map (\i -> let r = replicate 3 i let r[1] = i * 2 in r with [2] = -i) (iota n)`,
		args: []string{"3000i64"}},
	{name: "rows from hist", src: `entry main (n: i64) = map (\i -> reduce_by_index (replicate 4 0i64) (+) 0 (map (\j -> (i + j) % 4) (iota 9)) (iota 9)) (iota n)`,
		args: []string{"3000i64"}},
	{name: "row returned twice", src: `entry main (n: i64) = unzip (map (\i -> let r = map (\j -> i + j) (iota 3) in (r, r)) (iota n))`,
		args: []string{"2500i64"}},
	{name: "row is a free array", src: `entry main (xs: []i32) (n: i64) = map (\_ -> xs) (iota n)`,
		args: []string{"[1, 2, 3]", "4i64"}},
	{name: "loop state array", src: `entry main (n: i64) = map (\i -> loop acc = replicate 3 i for k < 5 do map (\x -> x + k) acc) (iota n)`,
		args: []string{"2000i64"}},
	{name: "loop keeps array of earlier iteration", src: `entry main (n: i64) = loop (a, b) = (replicate 2 0i64, replicate 2 1i64) for k < n do (map (+k) b, a)`,
		args: []string{"7i64"}},
	{name: "scratch in loop in map", src: `entry main (n: i64) = map (\i -> loop s = 0i64 for k < 6 do let t = map (\j -> j * k + i) (iota 5) in s + i64.sum t) (iota n)`,
		args: []string{"3000i64"}},
	{name: "concat and copy in map", src: `entry main (n: i64) = map (\i -> let a = concat (iota 2) (replicate 2 i) let b = copy a let b[0] = 9 in i64.sum a + i64.sum b) (iota n)`,
		args: []string{"3000i64"}},
	{name: "irregular rows", src: `entry main (xs: []i64) = map (\x -> iota x) xs`,
		args: []string{"[2i64, 3i64]"}},
	// Rows built in place in a result whose row shape is known where the
	// map starts (a size argument, a constant); a row coerced from
	// another size is built on its own and fails where it is coerced.
	{name: "rows of known shape in place", src: `entry main (n: i64) (m: i64) = map (\i -> map (+ i) (replicate n 1i64)) (iota m)`,
		args: []string{"2i64", "5i64"}},
	{name: "rows of constant shape in place", src: `entry main (m: i64) = map (\i -> [i, i * 3]) (iota m)`,
		args: []string{"5i64"}},
	{name: "rows of constant shape in place in a screma", src: `entry main (xs: []f64) = let ys = map (\x -> [x, 2 * x]) xs in (ys, f64.sum (map (\x -> x * x) xs))`,
		args: []string{"[1.0, -2.0, 0.5, 3.0]"}},
	{name: "rows coerced from another size", src: `entry main (n: i64) (m: i64) = map (\i -> (map (+ i) (replicate n 1i64)) :> [2]i64) (iota m)`,
		args: []string{"3i64", "5i64"}},
	{name: "scratch zeroed", src: `entry main (n: i64) = map (\i -> let s = scatter (replicate 4 i) [i % 4] [7] in i64.sum s) (iota n)`,
		args: []string{"3000i64"}},
	{name: "loop state rows updated", src: `entry main (n: i64) (m: i64) = loop (x, hs) = (replicate 3 1.0, replicate m (replicate 3 0.0)) for t < n do let x' = map (\v -> v * 0.5 + f64.i64 t) x in (x', hs with [t % m] = x')`,
		args: []string{"9i64", "4i64"}},
	// Rows read only element by element are slices of the array's data
	// (no array value per row): indexed rows, a SOAC's rows, rows whose
	// declared size is checked, and an index past the row's end.
	{name: "rows by element", src: `def get (r: []f64) (j: i64) = r[j]
entry main (xss: [][]f64) (is: []i64) (js: []i64) = map2 (\i j -> let r = xss[i] in get r j * r[0] + r[length r - 1]) is js`,
		args: []string{"[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]", "[1i64, 0i64, 1i64]", "[2i64, 1i64, 0i64]"}},
	{name: "rows by element out of bounds", src: `def get (r: []f64) (j: i64) = r[j]
entry main (xss: [][]f64) (is: []i64) (js: []i64) = map2 (\i j -> let r = xss[i] in get r j * r[0]) is js`,
		args: []string{"[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]", "[1i64, 0i64]", "[2i64, 3i64]"}},
	{name: "slices by element", src: `entry main (lr: []f64) (z: []f64) = map (\i -> let ro = i * (i - 1) / 2 in f64.sum (map2 (*) (lr[ro:ro + i] :> [i]f64) (z[:i] :> [i]f64)) + lr[ro:][0]) (iota (length z))`,
		args: []string{"[1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0, 10.0]", "[1.0, -1.0, 2.0, -2.0, 3.0]"}},
	{name: "slices by element out of bounds", src: `entry main (lr: []f64) (z: []f64) = map (\i -> f64.sum (map2 (*) (lr[i:i + 2] :> [2]f64) z[:2])) (iota (length z))`,
		args: []string{"[1.0, 2.0, 3.0]", "[1.0, -1.0, 2.0]"}},
	// Reverse mode adds the adjoints of gathered elements and rows into
	// accumulators: inline for elements, addRow for rows.
	{name: "gather adjoints", src: `entry main (xss: [][]f64) (xs: []f32) (is: []i64) (ys: [][]f64) (zs: []f32) =
  (vjp (\xss -> map (\i -> map (\x -> x * x) xss[i]) is) xss ys, vjp (\xs -> map (\i -> xs[i] * xs[i]) is) xs zs)`,
		args: []string{"[[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]]", "[1.5f32, -2f32, 0.25f32]", "[2i64, 0i64, 2i64, 1i64]",
			"[[1.0, -1.0], [0.5, 2.0], [3.0, 1.0], [1.0, 1.0]]", "[1f32, 2f32, -1f32, 0.5f32]"}},
	// Replicates of zero bits are cleared (memclr); -0.0 is not zero bits.
	{name: "zero replicates", src: `entry main (n: i64) = (replicate n 0f64, replicate n (-0f64), replicate n 0f32, replicate n 0u8, replicate n false, replicate n 0i64, map (\i -> let z = replicate 3 0f64 in z with [i % 3] = 1) (iota n))`,
		args: []string{"4i64"}},
	{name: "soac rows by element", src: `entry main (xss: [][]i32) (js: []i64) = map2 (\row j -> row[j] * row[0] + i32.sum row) xss js`,
		args: []string{"[[1, 2, 3], [4, 5, 6], [7, 8, 9]]", "[2i64, 0i64, 1i64]"}},
	{name: "soac rows by element out of bounds", src: `entry main (xss: [][]i32) (js: []i64) = map2 (\row j -> row[j] + row[1]) xss js`,
		args: []string{"[[1, 2, 3], [4, 5, 6]]", "[2i64, -1i64]"}},
	{name: "rows of known size by element", src: `entry main [n] (xss: [n][3]f32) (is: [n]i64) = map (\i -> let r = xss[i] in r[0] + r[1] * r[2]) is`,
		args: []string{"[[1f32, 2f32, 3f32], [4f32, 5f32, 6f32]]", "[1i64, 1i64]"}},
	{name: "rows of 3-d by element", src: `entry main (x: [][][]i64) (i: i64) (j: i64) = let r = x[i, j] in r[0] + r[length r - 1] + i64.sum r`,
		args: []string{"[[[1i64, 2i64], [3i64, 4i64]], [[5i64, 6i64], [7i64, 8i64]]]", "1i64", "0i64"}},
	// Concatenations whose operands are built in their parts
	// (concat.go), beside ones that must copy.
	{name: "concat built in place", src: `entry main [n] (xss: [n][3]f64) (m: i64) = (flatten (map (map (* 2)) xss) ++ map (\r -> r[0]) xss, map (\i -> i * 2) (iota n) ++ map (+ 1) (iota m) ++ iota 2)`,
		args: []string{"[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]", "3i64"}},
	{name: "concat built in place of empty parts", src: `entry main [n] (xss: [n][3]f64) (m: i64) = (flatten (map (map (* 2)) xss) ++ map (\r -> r[0]) xss, map (\i -> i * 2) (iota n) ++ map (+ 1) (iota m))`,
		args: []string{"empty([0][3]f64)", "0i64"}},
	{name: "concat of parts read elsewhere", src: `entry main (n: i64) = let a = map (\i -> i * 3) (iota n) let b = map (\i -> -i) (iota n) in (a ++ b, a, b ++ a ++ b)`,
		args: []string{"4i64"}},
	{name: "concat of unzipped map outputs", src: `entry main (n: i64) = let (a, b, c) = unzip3 (map (\i -> (i, map (\j -> i * j) (iota 2), f64.i64 i)) (iota n)) in (a ++ map (* 2) a, flatten b ++ map i64.f64 c)`,
		args: []string{"5i64"}},
	// A sine and a cosine of one operand are computed by one Sincos,
	// which must give the bits of separate calls (the interpreter's).
	{name: "sincos", src: `entry main (xs: []f64) (ys: []f32) = (map (\x -> let (s, c) = (f64.sin x, f64.cos x) in (c, s, f64.sin (x * 2))) xs, map (\y -> f32.cos y * f32.sin y) ys)`,
		args: []string{"[0.0, -0.0, 1.0, -2.5, 3.141592653589793, 1e10, 1e300, -1e-300, 0.7853981633974483, f64.inf, -f64.inf, f64.nan, 123456789.0, 4.9e-324]",
			"[0f32, 1f32, -3.5f32, 1e20f32, f32.inf, f32.nan, 0.001f32]"}},
	// A quotient and a remainder of the same operands are one division,
	// with the floor or truncating rounding of each operator.
	{name: "quotient and remainder pairs", src: `entry main (xs: []i64) (ys: []i64) (as: []i8) (bs: []i8) (us: []u32) (vs: []u32) =
  (map2 (\x y -> (x / y, x % y, x // y, x %% y)) xs ys, map2 (\a b -> (a % b, a / b, a %% b, a // b)) as bs, map2 (\u v -> (u / v, u % v, u // v, u %% v)) us vs)`,
		args: []string{"[7i64, -7i64, 7i64, -7i64, 0i64, -9223372036854775808i64, 9223372036854775807i64]", "[2i64, 2i64, -2i64, -2i64, 5i64, -1i64, -3i64]",
			"[-128i8, 127i8, -5i8, 5i8]", "[-1i8, -128i8, 3i8, -3i8]", "[7u32, 4294967295u32, 0u32]", "[2u32, 10u32, 3u32]"}},
	{name: "remainder by zero before its quotient", src: `entry main (xs: []i64) (ys: []i64) = map2 (\x y -> let r = x % y in r + x / y) xs ys`,
		args: []string{"[7i64, 8i64]", "[2i64, 0i64]"}},
	{name: "row update out of bounds", src: `entry main (xss: *[][]i32) (i: i64) = xss with [i] = [1, 2]`,
		args: []string{"[[1, 2], [3, 4]]", "2i64"}},
	{name: "row update shape", src: `entry main (xss: *[][]i32) (ys: []i32) = xss with [0] = ys`,
		args: []string{"[[1, 2], [3, 4]]", "[1, 2, 3]"}},
	{name: "while loop state array", src: `entry main (n: i64) = (loop (xs, k) = (iota 4, 0) while k < n do (map (\x -> x * 2 + k) xs, k + 1)).0`,
		args: []string{"10i64"}},
	{name: "nested loops of arrays", src: `entry main (n: i64) = map (\i -> let r = loop a = replicate 2 i for k < 3 do (loop b = a for j < 2 do map (+(k*j)) b) in i64.sum r) (iota n)`,
		args: []string{"2000i64"}},
	{name: "small reduce of negative zero", src: `entry main (xs: []f64) = (f64.sum xs, reduce (*) 1 xs)`,
		args: []string{"[-0.0, -0.0]"}},
	{name: "few heavy outer elements", src: `entry main (m: i64) (n: i64) = map (\i -> let xs = map (\j -> (i + 1) * j % 7) (iota n) let s = scan (+) 0 xs in i64.sum xs + s[n - 1]) (iota m)`,
		args: []string{"3i64", "50000i64"}},
	{name: "many heavy outer elements", src: `entry main (m: i64) (n: i64) = map (\i -> i64.sum (map (\j -> (i + 1) * j % 7) (iota n))) (iota m)`,
		args: []string{"40i64", "3000i64"}},
	{name: "row from an if of an outer array", src: `entry main (n: i64) = map (\i -> let a = map (\j -> i * j) (iota 3) in if i % 2 == 0 then a with [1] = -1 else a) (iota n)`,
		args: []string{"3000i64"}},
	// Array literals built in place as rows of the map's result: of
	// scalars, of rows, in the branches of an if.
	{name: "rows that are array literals", src: `entry main (n: i64) = map (\i -> let x = f64.i64 i in [x, x * 2, 1 - x]) (iota n)`,
		args: []string{"3000i64"}},
	{name: "rows that are literals of rows", src: `entry main (n: i64) = map (\i -> let r = [i, i + 1] in [r, map (* 2) r]) (iota n)`,
		args: []string{"3000i64"}},
	{name: "rows that are literals in branches", src: `entry main (n: i64) = map (\i -> if i % 3 == 0 then [i, 0] else [0, i]) (iota n)`,
		args: []string{"3000i64"}},
	// Reductions whose operator builds an array: the accumulator
	// alternates between two buffers per chunk (and per nested run).
	{name: "vectorised reduction", src: `entry main (n: i64) = reduce (map2 (+)) (replicate 3 0) (map (\i -> [i, i * 2, i % 7]) (iota n))`,
		args: []string{"3000i64"}},
	// 2x2 matrix products (associative, in wrapping integers), reading
	// the accumulator across elements while building the next.
	{name: "vectorised reduction reading its accumulator", src: `entry main (n: i64) = reduce (\a b -> [a[0] * b[0] + a[1] * b[2], a[0] * b[1] + a[1] * b[3], a[2] * b[0] + a[3] * b[2], a[2] * b[1] + a[3] * b[3]]) [1, 0, 0, 1] (map (\i -> [1, i % 3, i % 5, 1]) (iota n))`,
		args: []string{"3000i64"}},
	{name: "nested vectorised reductions", src: `entry main (n: i64) = map (\k -> reduce (map2 (+)) (replicate 2 0) (map (\i -> [i * k, i + k]) (iota 50))) (iota n)`,
		args: []string{"300i64"}},
	// Inside a lambda, a Screma reduces arrays itself: beside a scalar
	// reduction and a map output, reading its accumulator, over no
	// elements, and escaping as a row of the outer map.
	{name: "nested vectorised reduction beside others", src: `entry main (n: i64) = map (\k -> let xs = map (\i -> [f64.i64 (i * k), f64.i64 (i + k)]) (iota 50) in (reduce (map2 (+)) [0, 0] xs, f64.sum (map (\x -> x[0]) xs), map (\x -> x[1] * 2) xs)) (iota n) |> unzip3 |> \(a, b, c) -> (a, b, map f64.sum c)`,
		args: []string{"300i64"}},
	{name: "nested vectorised reduction reading its accumulator", src: `entry main (n: i64) = map (\k -> reduce (\a b -> [a[0] * b[0] + a[1] * b[2], a[0] * b[1] + a[1] * b[3], a[2] * b[0] + a[3] * b[2], a[2] * b[1] + a[3] * b[3]]) [1, 0, 0, 1] (map (\i -> [1, (i + k) % 3, i % 5, 1]) (iota 40))) (iota n)`,
		args: []string{"300i64"}},
	{name: "nested vectorised reduction of few elements", src: `entry main (n: i64) = map (\k -> reduce (map2 (+)) (replicate 2 0) (map (\i -> [i, k]) (iota (k % 3)))) (iota n)`,
		args: []string{"30i64"}},
	{name: "nested column sums of a vectorised tangent", src: `entry main (n: i64) = map (\k -> let d = map (\b -> map (\p -> f64.i64 (b * p + k) * 0.5) (iota 7)) (iota 22) in map (\p -> f64.sum (map (\r -> r[p]) d)) (iota 7)) (iota n)`,
		args: []string{"300i64"}},
	// Reverse mode of a generic reduction scans both components forward
	// and reads only the second: the first gets a shape and no elements,
	// sequentially (a short input) and in parallel chunks.
	{name: "scan output nothing reads", src: `entry main (xs: []f64) = vjp (\xs -> (reduce (\(a1, b1) (a2, b2) -> (a1 * a2, b1 * a2 + b2)) (1, 0) (map (\x -> (x, 1 - x)) xs)).1) xs 1`,
		args: []string{"[1.0, -1.0, 2.0, 1.0, 0.5]"}},
	{name: "scan output nothing reads, chunks", src: `entry main (n: i64) = vjp (\xs -> (reduce (\(a1, b1) (a2, b2) -> (a1 * a2, b1 * a2 + b2)) (1, 0) (map (\x -> (x, 1 - x)) xs)).1) (map (\i -> if i % 3 == 0 then -1f64 else 1f64) (iota n)) 1`,
		args: []string{"5000i64"}},
	// A loop parameter that a branch carries on unchanged: the other
	// branch builds the next value in whichever of the loop's two buffers
	// does not hold the parameter's (dbuf.param); also when the value is
	// built before the branch and then dropped.
	{name: "loop carries its parameter", src: `entry main (xs: []f64) (ws: []f64) = map (\x -> loop acc = replicate 3 0f64 for w in ws do if w == 0 then acc else map (\j -> acc[2 - j] + w * x) (iota 3)) xs`,
		args: []string{"[1.0, -2.0]", "[1.0, 0.0, 0.0, 2.0, 0.0, 3.0, 1.0]"}},
	{name: "loop drops a value it built", src: `entry main (xs: []f64) (ws: []f64) = map (\x -> loop acc = replicate 3 0f64 for w in ws do let b = map (\a -> a * 2 + w * x) acc in if w == 0 then acc else b) xs`,
		args: []string{"[1.0, -2.0]", "[1.0, 0.0, 0.0, 2.0, 0.0, 3.0, 1.0]"}},
	{name: "while loop carries its parameter", src: `entry main (ws: []i64) = let (acc, _) = loop (acc, i) = (replicate 2 0i64, 0) while i < length ws do (if ws[i] == 0 then acc else map (+ ws[i]) (map (* 2) acc), i + 1) in acc`,
		args: []string{"[1i64, 0i64, 0i64, 2i64, 0i64, 3i64]"}},
	// An accumulator carried by a loop keeps its operator: the loop's
	// updates by addition are inline (the reverse pass of a loop in a
	// map, as llsq's gradient has). Twelve elements run sequentially;
	// more would run in chunks (privacc_test.go), whose sums of these
	// fractions differ from the interpreter's in the last bits.
	{name: "accumulator carried by a loop", src: `entry main (n: i64) (x: []f64) = vjp (\x' -> f64.sum (map (\i -> let t = f64.i64 i / f64.i64 n let (s, _) = loop (s, p) = (0, 1) for j < length x' do (s + x'[j] * p, p * t) in s * s) (iota n))) x 1.0`,
		args: []string{"12i64", "[1.0, 0.5, -0.25, 2.0]"}},
	// The adjoint of a row read by slices (and of one read by index) is
	// added straight into the row of the enclosing accumulator (opt's
	// accrows): updates of a two-dimensional accumulator inside an inner
	// scope, which returns the enclosing accumulator after its own.
	{name: "accumulator rows updated in place", src: `def qz [d] [t] (lr: [t]f64) (z: [d]f64) : f64 =
  f64.sum (map (\i -> let ro = i * (i - 1) / 2
                      let v = z[i] + f64.sum (map2 (*) (lr[ro:ro + i] :> [i]f64) (z[:i] :> [i]f64))
                      in v * v) (iota d))
entry main [k] [d] [t] (xs: [][d]f64) (mu: [k][d]f64) (l: [k][t]f64) =
  vjp (\(mu, l) -> f64.sum (map (\x -> f64.sum (map2 (\m lk -> qz lk (map2 (-) x m)) mu l)) xs)) (mu, l) 1.0`,
		args: []string{"[[1.0, 2.0, 0.0], [0.0, -1.0, 1.0], [3.0, 1.0, 2.0]]", "[[1.0, 0.0, 1.0], [2.0, -1.0, 0.0]]", "[[1.0, 2.0, -1.0], [0.0, 1.0, 1.0]]"}},
	{name: "accumulator rows updated in place by index", src: `entry main [k] [d] (xs: [][d]f64) (w: [k][d]f64) (p: [d]i64) =
  vjp (\w -> f64.sum (map (\x -> f64.sum (map (\wk -> f64.sum (map (\j -> wk[p[j]] * x[j]) (iota d))) w)) xs)) w 1.0`,
		args: []string{"[[1.0, 2.0, 0.0], [0.0, -1.0, 1.0]]", "[[1.0, 0.0, 1.0], [2.0, -1.0, 0.0]]", "[2i64, 0i64, 2i64]"}},
	// A range of stride 1 written out; out of bounds it fails with the
	// slice as written.
	{name: "slice with stride 1", src: `entry main (xss: [][]f64) (i: i64) (j: i64) = map f64.sum xss[i:j:1]`,
		args: []string{"[[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]] 1i64 3i64"}},
	{name: "slice with stride 1 out of bounds", src: `entry main (xss: [][]f64) (i: i64) (j: i64) = map f64.sum xss[i:j:1]`,
		args: []string{"[[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]] 2i64 4i64"}},
	{name: "slice with stride 1 backwards", src: `entry main (xss: [][]f64) (i: i64) (j: i64) = map f64.sum xss[i:j:1]`,
		args: []string{"[[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]] 2i64 1i64"}},
	// Division by a positive constant (inline floor forms, Go's own
	// truncating operators) on negative and extreme dividends.
	{name: "division by positive constants", src: `entry main (n: i64) = map (\i -> let x = i - n / 2 in (x / 7, x % 7, x // 7, x %% 7, i32.i64 x / 3, i8.i64 x % 4, (i64.lowest + i) / 2, (i64.lowest + i) % 3, i8.lowest / 1)) (iota n)`,
		args: []string{"41i64"}},
	// By powers of two: shifts and masks, on negative values too.
	{name: "division by powers of two", src: `entry main (n: i64) = map (\i -> let x = i - n / 2 in (x / 4, x % 8, x / 1, i8.i64 x / 2, i8.i64 x % 16, i32.i64 x % 2, (i64.lowest + i) / 4, (i64.lowest + i) % 1024, (i64.highest - i) / 8)) (iota n)`,
		args: []string{"41i64"}},
	{name: "reduction selecting a row", src: `entry main (n: i64) = reduce (\a b -> if a[0] >= b[0] then a else b) [0, 0] (map (\i -> [(i * 37) % 101, i]) (iota n))`,
		args: []string{"3000i64"}},
	{name: "row from an accumulator scope", src: `entry main (n: i64) = map (\i -> reduce_by_index (replicate 3 0i64) (+) 0 (map (\j -> (i + j) % 3) (iota 5)) (map (\j -> j * i) (iota 5))) (iota n)`,
		args: []string{"3000i64"}},
	// The exported functions keep source names (tuple and record
	// components, names Go or the runtime declare) and report argument
	// errors with source types, as the interpreter does.
	{name: "source parameter names", src: `entry main (len: i64) (product: i64) (err: i64) (func: i64) (a1: i64) (_: i64) (p: (i64, [3]i64)) ({y, x}: {x: i64, y: i64}) : {s: i64, t: i64} = {s = len + product + err + func, t = a1 + p.0 + p.1[2] + x * y}`,
		args: []string{"1i64 2i64 3i64 4i64 5i64 6i64 7i64 [8i64, 9i64, 10i64] 11i64 12i64"}},
	{name: "argument of the wrong rank", src: `entry main [m] (a: [m][]f64) (b: [m]f64) = map2 (\r x -> f64.sum r + x) a b`,
		args: []string{"[1.0, 2.0]", "[3.0, 4.0]"}},
	{name: "argument of a constant size", src: `entry main (a: [3]f64) = f64.sum a`,
		args: []string{"[[1.0, 2.0, 3.0]]"}},
	{name: "argument of the wrong constant size", src: `entry main (a: [3]f64) = f64.sum a`,
		args: []string{"[1.0, 2.0]"}},
	{name: "arguments of different sizes", src: `entry main [m] (a: [m][]f64) (b: [m]f64) = map2 (\r x -> f64.sum r + x) a b`,
		args: []string{"[[1.0], [2.0]]", "[3.0]"}},
	{name: "argument of a size given by a parameter", src: `entry main (n: i64) (xs: [n]f64) = f64.sum xs + f64.i64 n`,
		args: []string{"3i64", "[1.0]"}},
	// Unroll-and-jam (jam.go): four rows at a time, the rest one by one.
	{name: "jam, minimum of sums, no row", src: jamMin, args: []string{"[[1.0, 2.0], [3.0, -1.0]]", "empty([0][2]f64)"}},
	{name: "jam, minimum of sums, three rows", src: jamMin, args: []string{"[[1.0, 2.0], [3.0, -1.0]]", "[[0.5, 1.0], [2.0, 2.0], [-1.0, 0.0]]"}},
	{name: "jam, minimum of sums, four rows", src: jamMin, args: []string{"[[1.0, 2.0], [3.0, -1.0]]", "[[0.5, 1.0], [2.0, 2.0], [-1.0, 0.0], [3.0, -1.5]]"}},
	{name: "jam, minimum of sums, nine rows", src: jamMin, args: []string{"[[1.0, 2.0, 0.5], [3.0, -1.0, 2.0], [0.0, 0.0, 0.0]]",
		"[[0.5, 1.0, 1.0], [2.0, 2.0, 0.0], [-1.0, 0.0, 4.0], [3.0, -1.5, 2.0], [1.0, 2.0, 0.5], [9.0, 9.0, 9.0], [0.0, 0.5, 0.0], [3.0, -1.0, 2.5], [1.0, 1.0, 1.0]]"}},
	{name: "jam, minimum of sums, empty rows", src: jamMin, args: []string{"empty([2][0]f64)", "empty([5][0]f64)"}},
	{name: "jam, rows of another length (the entry's check)", src: jamMin, args: []string{"[[1.0, 2.0], [3.0, -1.0]]", "[[0.5, 1.0, 0.0], [2.0, 2.0, 0.0], [-1.0, 0.0, 0.0], [3.0, -1.5, 0.0]]"}},
	// The minimum of four rows as a tree: NaN loses, -0 is below +0,
	// in every position.
	{name: "jam, minimum tree, NaN and signed zeros", src: `entry main [n] [k] [d] (ps: [n][d]f64) (cs: [k][d]f64) : [n]f64 =
  map (\p -> f64.minimum (map (\c -> f64.minimum (map2 (*) p c)) cs)) ps`,
		args: []string{"[[1.0], [-1.0], [0.0], [f64.nan]]", "[[0.0], [f64.nan], [-0.0], [0.0], [f64.nan], [1.0], [-0.0], [f64.nan]]"}},
	// An element function that may fail is not jammed: row 1 would fail
	// (at /) before row 0 (at %), which fails first in row order.
	{name: "jam, failing rows in order", src: `entry main [n] [k] [d] (ps: [n][d]i64) (cs: [k][d]i64) : [n]i64 =
  map (\p -> i64.minimum (map (\c -> i64.sum (map2 (\x y -> x / y + x % (y - 1)) p c)) cs)) ps`,
		args: []string{"[[6i64, 6i64]]", "[[2i64, 1i64], [0i64, 5i64], [2i64, 2i64], [3i64, 3i64]]"}},
	{name: "jam, sum of sums", src: `entry main [k] [d] (m: [k][d]f64) (v: [d]f64) : f64 = f64.sum (map (\r -> f64.sum (map2 (*) r v)) m)`,
		args: []string{"[[1.0, 2.0], [3.0, 4.0], [5.0, 6.0], [7.0, 8.0], [9.0, 10.0], [11.0, 12.0]]", "[0.5, -2.0]"}},
	{name: "jam, map output and minimum", src: `entry main [n] [k] [d] (ps: [n][d]f64) (cs: [k][d]f64) : [n]i64 =
  map (\p -> let ds = map (\c -> f64.sum (map2 (\x y -> (x - y) * (x - y)) p c)) cs
             let m = f64.minimum ds
             in i64.sum (map (\x -> if x == m then 1 else 0) ds)) ps`,
		args: []string{"[[0.0, 0.0], [1.0, 1.0]]", "[[1.0, 0.0], [0.0, 1.0], [2.0, 2.0], [-1.0, 0.0], [1.0, 1.0], [0.0, -1.0]]"}},
}

// updateRange updates a part of row r from column c with v.
const updateRange = `entry main [n] [m] [k] (a: *[n][m]f64) (r: i64) (c: i64) (v: [k]f64) = a with [r, c:c+k] = v`

// jamMin is kmeans' nearest distances, whose rows jam takes four at a time.
const jamMin = `entry main [n] [k] [d] (ps: [n][d]f64) (cs: [k][d]f64) : [n]f64 =
  map (\p -> f64.minimum (map (\c -> f64.sum (map2 (\x y -> (x - y) * (x - y)) p c)) cs)) ps`

const (
	loopInitFor   = `entry main (n: i64) (x: f64) = loop y = replicate 4 x for i < n do map (\v -> v * 2 + f64.i64 i) y`
	loopInitWhile = `entry main (x: f64) = (loop (y, go) = (replicate 4 x, x > 0) while go do (map (\v -> v - 1) y, y[0] > 1)).0`
)

func TestDiff(t *testing.T) {
	if testing.Short() {
		t.Skip("builds generated packages; skipped in -short mode")
	}
	runDiff(t, diffCases)
}

// floatScans returns, from scans whose results are inexact, the elements
// at a few places and a sum of all of them.
const floatScans = `
entry main (n: i64) =
  let xs = map (\i -> f64.i64 ((i * 7919) % 1000) * 0.001 + 0.1) (iota n)
  let a = scan (+) 0 (map (\x -> x * 1.1) xs)
  let b = scan (+) 0 (map (\x -> x * 0.5 + 0.3) xs)
  let (c, d) = unzip (scan (\(a1, b1) (a2, b2) -> (a1 * a2, b1 * a2 + b2)) (1, 0) (map (\x -> (0.99 + x * 0.01, 1 - x)) xs))
  let f s = (s[0], s[n / 3], s[n - 1], f64.sum s)
  in (f a, f b, f c, f d)
`

// floatScansPlain is floatScans with a loop in the function before the
// scans, which then run as Scans of its results rather than in one
// Screma.
const floatScansPlain = `
entry main (n: i64) =
  let xs = map (\i -> loop y = f64.i64 ((i * 7919) % 1000) * 0.001 + 0.1 for j < i % 3 do y * 0.5 + 0.3) (iota n)
  let a = scan (+) 0 (map (\x -> x * 1.1) xs)
  let (c, d) = unzip (scan (\(a1, b1) (a2, b2) -> (a1 * a2, b1 * a2 + b2)) (1, 0) (map (\x -> (0.99 + x * 0.01, 1 - x)) xs))
  let f s = (s[0], s[n / 3], s[n - 1], f64.sum s)
  in (f a, f c, f d)
`

// stencilRK4Defs is the RK4 solution of y' = F(y), F(y)_0 = x_0,
// F(y)_i = x_i y_(i-1), in s steps: each stage reads the previous
// stage's state shifted by one (a stencil group of four maps).
const stencilRK4Defs = `
def rhs [n] (x: [n]f64) (y: [n]f64) : [n]f64 =
  map3 (\i xi yprev -> if i == 0 then xi else xi * yprev) (iota n) x (rotate (-1) y)
def axpy [n] (a: f64) (u: [n]f64) (v: [n]f64) : [n]f64 = map2 (\p q -> p + a * q) v u
def rk4 [n] (x: [n]f64) (s: i64) : [n]f64 =
  let h = 2 / f64.i64 s
  in loop y = replicate n 0 for _i < s do
       let k1 = rhs x y
       let k2 = rhs x (axpy (h / 2) k1 y)
       let k3 = rhs x (axpy (h / 2) k2 y)
       let k4 = rhs x (axpy h k3 y)
       in map5 (\yi a b c d -> yi + h * (a + 2 * b + 2 * c + d) / 6) y k1 k2 k3 k4
`

// stencilRK4 returns the solution and a stage of the last step.
const stencilRK4 = stencilRK4Defs + `
entry main [n] (x: [n]f64) (s: i64) : ([n]f64, [n]f64) = (rk4 x s, rhs x (rk4 x (s - 1)))
`

// stencilRK4Big is stencilRK4 on n generated values, with a summary.
const stencilRK4Big = stencilRK4Defs + `
entry main (n: i64) (s: i64) =
  let x = map (\i -> f64.i64 ((i * 7919) % 1000) * 0.001 + 0.5) (iota n)
  let y = rk4 x s
  in (y[0], y[1], y[1023], y[1024], y[2047], y[2048], y[n - 1])
`

// stencilDown reads each result at the next index (rotate 1).
const stencilDown = `entry main (xs: []f64) =
  let n = length xs
  let a = map2 (\x i -> x * 0.5 + f64.i64 i) xs (iota n)
  let b = map2 (\x an -> x + an * 0.25) xs (rotate 1 a)
  let c = map2 (\x bn -> x * bn - 1) xs (rotate 1 b)
  in (c, b)
`

// loopJamSum is llsq's primal: a sum over rows of a polynomial evaluated
// by a loop whose bound every row shares.
const loopJamSum = `
entry main [m] (x: [m]f64) (n: i64) =
` + loopJamBody

// mapJamGrad is llsq's gradient, a map adding into an accumulator in
// the second of two loops; the others below must not jam.
const (
	mapJamGrad     = `entry main [m] (x: [m]f64) (n: i64) = vjp (\x -> ` + loopJamBody + `) x 1`
	mapJamTwoLoops = `entry main [m] (x: [m]f64) (n: i64) = vjp (\x -> f64.sum (map (\i ->
    let t = f64.i64 i / f64.i64 (n + 1)
    in (loop a = 0 for j < m do a + x[j] * t) * (loop c = 0 for j < m do c + x[j] * t * t)) (iota n))) x 1`
	mapJamReversed = `entry main [m] (x: [m]f64) (n: i64) = vjp (\x -> f64.sum (map (\i ->
    let t = f64.i64 i / f64.i64 (n + 1)
    in loop a = 0 for j < m do a * t + x[m - 1 - j]) (iota n))) x 1`
	mapJamRowBound = `entry main [m] (x: [m]f64) (n: i64) = vjp (\x -> f64.sum (map (\i ->
    let t = f64.i64 i / f64.i64 (n + 1)
    in loop a = 0 for j < i % (m + 1) do a * t + x[j]) (iota n))) x 1`
)

// loopJamBody is llsq's objective of x and n.
const loopJamBody = `
  let r i =
    let t = -1 + 2 * f64.i64 i / f64.i64 (n - 1)
    let (poly, _) = loop (acc, p) = (0, 1) for j < m do (acc + x[j] * p, p * t)
    in f64.sgn t - poly
  in 0.5 * f64.sum (map (\i -> let y = r i in y * y) (iota n))
`
