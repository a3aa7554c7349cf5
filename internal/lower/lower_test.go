package lower

import (
	"strings"
	"testing"
	"time"

	"github.com/fluxion-lang/fluxion/internal/check"
	"github.com/fluxion-lang/fluxion/internal/interp"
	"github.com/fluxion-lang/fluxion/internal/ir"
	"github.com/fluxion-lang/fluxion/internal/values"
)

// run checks, lowers, verifies and interprets src's entry point main.
func run(t *testing.T, src string, args []string) ([]string, error) {
	t.Helper()
	return runWith(t, src, args, check.Options{})
}

func runWith(t *testing.T, src string, args []string, opts check.Options) ([]string, error) {
	t.Helper()
	prog, err := check.CheckSourceOptions("t.fut", []byte(src), nil, opts)
	if err != nil {
		t.Fatalf("check: %v", err)
	}
	p, err := Program(prog)
	if err != nil {
		return nil, err
	}
	if err := ir.Verify(p); err != nil {
		t.Fatalf("verify: %v\n%s", err, p)
	}
	c, err := interp.Compile(p)
	if err != nil {
		t.Fatalf("compile: %v", err)
	}
	var in []interp.Value
	for _, a := range args {
		v, err := values.ReadAll(strings.NewReader(a))
		if err != nil {
			t.Fatalf("bad test argument %q: %v", a, err)
		}
		for _, x := range v {
			iv, err := interp.FromValue(x)
			if err != nil {
				t.Fatal(err)
			}
			in = append(in, iv)
		}
	}
	res, err := c.Run("main", in)
	if err != nil {
		return nil, err
	}
	var out []string
	for _, r := range res {
		out = append(out, r.String())
	}
	return out, nil
}

func TestEndToEnd(t *testing.T) {
	tests := []struct {
		name string
		src  string
		args []string
		want string // results joined by " | ", or "error: substring"
	}{
		{"dot", `entry main (xs: []f64) (ys: []f64) : f64 = reduce (+) 0 (map2 (*) xs ys)`,
			[]string{"[1.0, 2.0, 3.0]", "[4.0, -5.0, 6.0]"}, "12f64"},
		{"tuples", `def swap (a: i32, b: i32) = (b, a)
entry main (x: i32) (y: i32) = let (p, q) = swap (x, y) in (p - q, p * q)`,
			[]string{"3", "5"}, "2i32 | 15i32"},
		{"records", `entry main (x: f32) = let r = {a = x, b = x + 1} in r.b * r.a`, []string{"2f32"}, "6f32"},
		{"loop", `entry main (n: i64) = loop acc = 1i64 for i < n do acc * (i + 1)`, []string{"5i64"}, "120i64"},
		{"while", `entry main (x: i64) = (loop (x, n) = (x, 0i64) while x != 1 do if x % 2 == 0 then (x / 2, n + 1) else (3 * x + 1, n + 1)).1`,
			[]string{"27i64"}, "111i64"},
		{"scan and iota", `entry main (n: i64) = scan (+) 0 (iota n)`, []string{"5i64"}, "[0i64, 1i64, 3i64, 6i64, 10i64]"},
		{"matmul", `def matmul [n][m][p] (a: [n][m]f64) (b: [m][p]f64) : [n][p]f64 =
  map (\row -> map (\col -> f64.sum (map2 (*) row col)) (transpose b)) a
entry main (a: [][]f64) (b: [][]f64) = matmul a b`,
			[]string{"[[1.0, 2.0], [3.0, 4.0]]", "[[5.0, 6.0], [7.0, 8.0]]"}, "[[19f64, 22f64], [43f64, 50f64]]"},
		{"hist", `entry main (is: []i64) (vs: []i32) = reduce_by_index (replicate 3 0) (+) 0 is vs`,
			[]string{"[0i64, 2i64, 0i64, 1i64, 7i64]", "[1, 2, 3, 4, 5]"}, "[4i32, 4i32, 2i32]"},
		{"scatter", `entry main (xs: *[]i32) (is: []i64) (vs: []i32) = scatter xs is vs`,
			[]string{"[10, 20, 30, 40]", "[1i64, 3i64]", "[5, 6]"}, "[10i32, 5i32, 30i32, 6i32]"},
		{"in-place loop", `entry main (n: i64) = loop xs = replicate n 0i64 for i < n do xs with [i] = i * i`,
			[]string{"4i64"}, "[0i64, 1i64, 4i64, 9i64]"},
		{"slices", `entry main (xs: []i32) = (xs[1:3], xs[::-1], xs[4::-2])`,
			[]string{"[10, 11, 12, 13, 14]"}, "[11i32, 12i32] | [14i32, 13i32, 12i32, 11i32, 10i32] | [14i32, 12i32, 10i32]"},
		{"zip unzip", `entry main (xs: []i32) (ys: []f32) = let (a, b) = unzip (map (\(x, y) -> (y, x + 1)) (zip xs ys)) in (a, b)`,
			[]string{"[1, 2]", "[0.5f32, 1.5f32]"}, "[0.5f32, 1.5f32] | [2i32, 3i32]"},
		{"ranges", `entry main (n: i32) = (1..<n, n..>1, 0..2...n)`, []string{"5"},
			"[1i32, 2i32, 3i32, 4i32] | [5i32, 4i32, 3i32, 2i32] | [0i32, 2i32, 4i32]"},
		{"index error", `entry main (xs: []i32) (i: i64) = xs[i]`, []string{"[1, 2, 3]", "3i64"},
			"error: Index [3] out of bounds for array of shape [3]. (at t.fut:1:35)"},
		{"assert", `entry main (x: i32) = assert (x > 0) (x + 1)`, []string{"0"}, "error: Assertion is false"},
		{"short circuit", `entry main (xs: []i32) (i: i64) = i < length xs && xs[i] > 0`, []string{"[1, 2, 3]", "7i64"}, "false"},
		{"array literal", `entry main (x: i32) = [[x, x + 1], [x * 2, 0]]`, []string{"3"}, "[[3i32, 4i32], [6i32, 0i32]]"},
		{"flatten", `entry main (xs: [][]i32) = (flatten xs, unflatten (flatten xs) :> [2][2]i32)`, []string{"[[1, 2], [3, 4]]"},
			"[1i32, 2i32, 3i32, 4i32] | [[1i32, 2i32], [3i32, 4i32]]"},
		{"higher order", `def twice 'a (f: a -> a) (x: a) = f (f x)
def compose 'a 'b 'c (g: b -> c) (f: a -> b) = \x -> g (f x)
entry main (x: i32) = (twice (+ 3) x, (compose (* 2) (+ 1)) x, (x |> (+ 1)))`, []string{"1"}, "7i32 | 4i32 | 2i32"},
		{"local function", `entry main (xs: []f64) = let sq (x: f64) = x * x in map sq xs`, []string{"[1.0, 3.0]"}, "[1f64, 9f64]"},
		{"for in", `entry main (xs: []i32) = loop s = 0 for x in xs do s + x`, []string{"[1, 2, 3]"}, "6i32"},
		{"structural equality", `entry main (xs: []i32) (ys: []i32) = (xs == ys, (1, xs) != (1, ys), [[1, 2]] == [[1, 2]])`,
			[]string{"[1, 2]", "[1, 3]"}, "false | true | true"},
		{"size-changing loop", `entry main (n: i32) = loop (ys: []i32) = [1, 2, 3, 4, 5] for _i < n do if length ys > 1 then ys[1:] else ys`,
			[]string{"6"}, "[5i32]"},
		{"let size", `entry main (input: []f32) = let [n] (xs: [n]f32) = input in (n, f32.sum xs)`, []string{"[1f32, 2f32]"}, "2i64 | 3f32"},
		{"with_vjp runs its function", `entry main (x: f64) = with_vjp (\y -> y * y) (\_ dy -> 2 * dy) x`, []string{"3.0"}, "9f64"},
		{"sums and match", `type shape = #circle f64 | #rect f64 f64 | #empty
def area (s: shape) : f64 = match s
  case #circle r -> 3 * r * r
  case #rect w h -> w * h
  case #empty -> 0
entry main (w: f64) = let ss = [#rect w 2, #circle w, #empty] in (map area ss, ss[0] == #rect w 2, ss[1] == #empty)`,
			[]string{"2.0"}, "[4f64, 12f64, 0f64] | true | false"},
		{"array payloads", `type t [n] = #some [n]i32 | #none
entry main (xs: [3]i32) = let ys : [](t [3]) = [#some xs, #none, #some (map (+ 1) xs)]
  in map (\y -> match y case #some v -> i32.sum v case #none -> -1) ys`,
			[]string{"[1, 2, 3]"}, "[6i32, -1i32, 9i32]"},
		{"literal match", `entry main (xs: []i32) = map (\x -> match (x, x > 5) case (0, _) -> 100 case (_, true) -> 1 case _ -> x) xs`,
			[]string{"[0, 7, 3]"}, "[100i32, 1i32, 3i32]"},
		{"recursion", `def fact (n: i32) : i64 = if n <= 1 then 1 else i64.i32 n * fact (n - 1)
def sum_rec [n] (xs: [n]i64) : i64 = if n == 0 then 0 else xs[0] + sum_rec xs[1:]
def pair (n: i32) : (i32, [1]i32) = if n == 0 then (0, [7]) else let (a, b) = pair (n - 1) in (a + n, b)
entry main (n: i32) (xs: []i64) = (fact n, sum_rec xs, pair n)`,
			[]string{"10", "[1i64, 2i64, 3i64]"}, "3628800i64 | 6i64 | 55i32 | [7i32]"},
		{"runaway recursion", `def f (n: i64) : i64 = if n == 0 then 0 else 1 + f (n + 1)
entry main (n: i64) = f n`, []string{"1i64"}, "error: Stack overflow"},
		{"coercion failure", `entry main (xs: []i32) = xs :> [3]i32`, []string{"[1, 2]"}, "error: Value of shape [2] does not match shape [3]. (at t.fut:1:26)"},
		{"ascription failure", `entry main (n: i64) (xs: []i32) = let m = n + 0 in (xs : [m]i32)`, []string{"3i64", "[1, 2]"}, "error: Value of shape [2] does not match shape [3]. (at t.fut:1:53)"},
		// The ascription gives xs the size n of the parameter n, which
		// the argument must have.
		{"size given by a parameter", `entry main (n: i64) (xs: []i32) = (xs : [n]i32)`, []string{"3i64", "[1, 2]"},
			"error: argument 2 of main: got an array of shape [2]i32, want a value of type [n]i32 (n = 3)"},
		{"size given by a parameter, matched", `entry main (n: i64) (xs: [n]i32) = map (+ i32.i64 n) xs`, []string{"2i64", "[1, 2]"}, "[3i32, 4i32]"},
		{"constants", `def table = map (* 10) (iota 4)
def scale = 2i64
entry main (is: []i64) = map (\i -> table[i] * scale) is`, []string{"[3i64, 0i64]"}, "[60i64, 0i64]"},
		{"conversions", `entry main (x: i32) = (f64.i32 x / 2, i64.i32 x, f32.sqrt (f32.i32 x))`, []string{"9"}, "4.5f64 | 9i64 | 3f32"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := run(t, tc.src, tc.args)
			if strings.HasPrefix(tc.want, "error: ") {
				if err == nil || !strings.Contains(err.Error(), strings.TrimPrefix(tc.want, "error: ")) {
					t.Fatalf("got %v, %v; want an error containing %q", got, err, strings.TrimPrefix(tc.want, "error: "))
				}
				return
			}
			if err != nil {
				t.Fatalf("error: %v", err)
			}
			if s := strings.Join(got, " | "); s != tc.want {
				t.Errorf("got %s, want %s", s, tc.want)
			}
		})
	}
}

// TestInPlaceLoop checks that a loop of updates lowers to in-place updates:
// with a copy per iteration it would take minutes.
func TestInPlaceLoop(t *testing.T) {
	start := time.Now()
	got, err := run(t, `entry main (n: i64) = i64.sum (loop xs = replicate n 0 for i < n do xs with [i] = i)`, []string{"200000i64"})
	if err != nil {
		t.Fatal(err)
	}
	if want := "19999900000i64"; got[0] != want {
		t.Errorf("got %s, want %s", got[0], want)
	}
	if d := time.Since(start); d > 10*time.Second {
		t.Errorf("took %v", d)
	}
}
