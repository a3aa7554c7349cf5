package opt_test

import (
	"fmt"
	"math"
	"sort"
	"strings"
	"testing"

	"github.com/fluxion-lang/fluxion/internal/interp"
	"github.com/fluxion-lang/fluxion/internal/ir"
	"github.com/fluxion-lang/fluxion/internal/opt"
	"github.com/fluxion-lang/fluxion/internal/pipeline"
	"github.com/fluxion-lang/fluxion/internal/values"
)

// kinds counts the expressions of f by kind ("reduce", "if", ...),
// nested ones included; "nest" is the deepest nesting of SOACs and loops.
func kinds(f *ir.Func) map[string]int {
	out := map[string]int{}
	var walk func(b *ir.Body, depth int)
	walk = func(b *ir.Body, depth int) {
		for _, s := range b.Stms {
			k := strings.TrimPrefix(fmt.Sprintf("%T", s.Exp), "*ir.")
			k = strings.ToLower(k)
			out[k]++
			if _, ok := s.Exp.(*ir.Map); ok {
				out["map results"] += len(s.Pat)
			}
			if depth > 0 {
				out["inner "+k]++ // in a loop or SOAC
			}
			d := depth
			switch s.Exp.(type) {
			case *ir.Map, *ir.Reduce, *ir.Scan, *ir.Hist, *ir.Scatter, *ir.Screma, *ir.Loop:
				d++
				if d > out["nest"] {
					out["nest"] = d
				}
			}
			for _, nb := range ir.Bodies(s.Exp) {
				if nb != nil {
					walk(nb, d)
				}
			}
		}
	}
	walk(f.Body, 0)
	return out
}

func showKinds(m map[string]int) string {
	var ks []string
	for k, v := range m {
		ks = append(ks, fmt.Sprintf("%s=%d", k, v))
	}
	sort.Strings(ks)
	return strings.Join(ks, " ")
}

// rewriteCase is one before/after test of a rewrite family: src's entry
// main is compiled to just after AD (cleaned by the simplifier), then
// pass (and the simplifier, to a fixed point) runs on it. before and
// after give construct counts (see kinds) that must hold before and
// after; every input must give the same results before and after (for
// exact rules, bit for bit, NaNs and signed zeros included).
type rewriteCase struct {
	name, pass string
	fast       bool
	src        string
	before     map[string]int
	after      map[string]int
	inputs     []string
}

// compileAfter compiles src through the pipeline up to the named pass
// ("" for all of them), verifying the IR after every pass.
func compileAfter(t *testing.T, src, after string) *ir.Program {
	t.Helper()
	p, err := pipeline.CompileSource("t.fut", []byte(src), nil, pipeline.Options{After: after, Verify: true})
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func compileAD(t *testing.T, src string) *ir.Program {
	t.Helper()
	q, err := opt.Simplify(compileAfter(t, src, "ad"))
	if err != nil {
		t.Fatal(err)
	}
	return q
}

// withPass runs the simplifier's table with the named rewrite family
// added, to a fixed point, verifying after every pass.
func withPass(t *testing.T, p *ir.Program, name string, o opt.Options) *ir.Program {
	t.Helper()
	var rule opt.Pass
	for _, r := range opt.Rewrites(o) {
		if r.Name == name {
			rule = r
		}
	}
	if rule.Run == nil {
		t.Fatalf("no rewrite %q", name)
	}
	return fixpoint(t, p, append([]opt.Pass{rule}, opt.Passes...))
}

func runText(t *testing.T, p *ir.Program, in string) string {
	t.Helper()
	vs, err := values.ParseText(in)
	if err != nil {
		t.Fatalf("input %q: %v", in, err)
	}
	c, err := interp.Compile(p)
	if err != nil {
		t.Fatalf("compile: %v", err)
	}
	args, err := interp.FromValues(vs)
	if err != nil {
		t.Fatalf("input %q: %v", in, err)
	}
	res, err := c.Run("main", args)
	if err != nil {
		return "error: " + err.Error()
	}
	var out []string
	for _, r := range res {
		out = append(out, exactString(r))
	}
	return strings.Join(out, " ")
}

// exactString prints a value with the sign of every float zero.
func exactString(v interp.Value) string {
	one := func(x float64) string {
		if math.IsNaN(x) {
			return "nan"
		}
		if x == 0 && math.Signbit(x) {
			return "-0"
		}
		return fmt.Sprint(x)
	}
	if v.Arr == nil {
		if v.Scalar.Type().IsFloat() {
			return one(v.Scalar.Float())
		}
		return v.Scalar.String()
	}
	parts := make([]string, len(v.Arr.Data))
	for i, x := range v.Arr.Data {
		if x.Type().IsFloat() {
			parts[i] = one(x.Float())
		} else {
			parts[i] = x.String()
		}
	}
	return "[" + strings.Join(parts, ",") + "]"
}

func checkCounts(t *testing.T, when string, got, want map[string]int, p *ir.Program) {
	t.Helper()
	for k, n := range want {
		if got[k] != n {
			t.Errorf("%s: %d %s, want %d (%s)\n%s", when, got[k], k, n, showKinds(got), p)
		}
	}
}

func runRewriteCases(t *testing.T, cases []rewriteCase) {
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			p := compileAD(t, tc.src)
			q := withPass(t, p, tc.pass, opt.Options{FastMath: tc.fast})
			checkCounts(t, "before "+tc.pass, kinds(p.Func("main")), tc.before, p)
			checkCounts(t, "after "+tc.pass, kinds(q.Func("main")), tc.after, q)
			for _, in := range tc.inputs {
				if a, b := runText(t, p, in), runText(t, q, in); a != b {
					t.Errorf("on %s: before %s, after %s\nafter:\n%s", in, a, b, q)
				}
			}
		})
	}
}

// Special float inputs for exact rules.
const specials = "[0.0, -0.0, 1.5, -2.0, f64.nan, f64.inf, -f64.inf]"

func TestRing(t *testing.T) {
	runRewriteCases(t, []rewriteCase{{
		name: "distributivity on integers", pass: "ring",
		src:    `entry main (a: i64) (b: i64) (c: i64) = a * b + c * a`,
		before: map[string]int{"bin": 3}, after: map[string]int{"bin": 2},
		inputs: []string{"3i64 4i64 5i64", "-7i64 9223372036854775807i64 2i64"},
	}, {
		name: "floats keep x*0 and x+0 without fast math", pass: "ring",
		src:    `entry main (xs: []f64) = map (\x -> x * 0 + (0 - x) + (x + 0)) xs`,
		before: map[string]int{"bin": 5}, after: map[string]int{"bin": 5, "un": 0},
		inputs: []string{specials},
	}, {
		name: "floats under fast math", pass: "ring", fast: true,
		src:    `entry main (xs: []f64) (y: f64) = map (\x -> x * 0 + (0 - x) + (x + 0) * y + y * 3) xs`,
		before: map[string]int{"bin": 8}, after: map[string]int{"bin": 4, "un": 1},
		inputs: []string{"[1.5, -2.0, 3.25] 2.0", "empty([0]f64) 1.0"},
	}})
}

func TestCond(t *testing.T) {
	runRewriteCases(t, []rewriteCase{{
		// Both branches build a 3-vector that is only indexed after the
		// if: the if returns the three elements and no array is built.
		name: "an if of array literals", pass: "cond",
		src: `entry main (b: bool) (x: f64) (y: f64) =
		        let v = if b then [x, y, x + y] else [y, 2 * x, 0]
		        in v[0] * v[1] - v[2]`,
		before: map[string]int{"if": 1, "arraylit": 2}, after: map[string]int{"arraylit": 0, "index": 0},
		inputs: []string{"true 1.5 2.0", "false 1.5 2.0", "true -0.0 f64.nan"},
	}, {
		// One branch returns a literal built before the if: the same.
		name: "an if of array literals, one built before it", pass: "cond",
		src: `entry main (b: bool) (x: f64) (y: f64) =
		        let w = [y, 2 * x, 0]
		        let v = if b then [x, y, x + y] else w
		        in v[0] * v[1] - v[2]`,
		before: map[string]int{"if": 1, "arraylit": 2}, after: map[string]int{"arraylit": 0, "index": 0},
		inputs: []string{"true 1.5 2.0", "false 1.5 2.0", "false -0.0 f64.nan"},
	}, {
		// A replicate of a scalar is the literal of its copies (reverse
		// mode's zero adjoint in the branch that does not touch it).
		name: "an if of an array literal and a replicate", pass: "cond",
		src: `entry main (b: bool) (x: f64) (y: f64) =
		        let v = if b then [x, y, x + y] else replicate 3 y
		        in v[0] * v[1] - v[2]`,
		before: map[string]int{"if": 1, "arraylit": 1, "replicate": 1}, after: map[string]int{"arraylit": 0, "replicate": 0, "index": 0},
		inputs: []string{"true 1.5 2.0", "false 1.5 2.0", "false -0.0 f64.nan"},
	}, {
		// A one-hot value times y: the product moves into the branches,
		// where 1*y is y; 0*y stays (it is NaN for y = inf).
		name: "a consumer goes into the branches", pass: "cond",
		src: `entry main (i: i64) (ys: []f64) =
		        map2 (\j y -> (if i == j then 1 else 0) * y) (indices ys) ys`,
		before: map[string]int{"if": 1, "bin": 1}, after: map[string]int{"if": 1, "bin": 1},
		inputs: []string{"1i64 " + specials, "9i64 " + specials},
	}, {
		name: "under fast math the else branch is 0", pass: "cond", fast: true,
		src: `entry main (i: i64) (ys: []f64) =
		        map2 (\j y -> (if i == j then 1 else 0) * y) (indices ys) ys`,
		before: map[string]int{"if": 1, "bin": 1}, after: map[string]int{"if": 1, "bin": 0},
		inputs: []string{"1i64 [1.5, -2.0, 3.25]"},
	}, {
		// Two selections on one condition merge, and inside the merged
		// branches each takes its known side (the tangent of a max).
		name: "ifs on one condition merge", pass: "cond", fast: true,
		src: `entry main (a: f64) (b: f64) (da: f64) (db: f64) =
		        let c = a >= b
		        in da * (if c then 1 else 0) + db * (if c then 0 else 1)`,
		before: map[string]int{"if": 2, "bin": 3}, after: map[string]int{"if": 1, "bin": 0},
		inputs: []string{"1.0 2.0 3.0 4.0", "2.0 1.0 3.0 4.0", "1.0 1.0 -3.5 4.0"},
	}, {
		// Inside `if i == j`, j is i: the index of ys moves out of the
		// map (hoisting), and so does the whole if.
		name: "an equality is substituted in its branch", pass: "cond",
		src: `entry main (i: i64) (xs: []f64) (ys: []f64) =
		        map2 (\j x -> if j == i then x + ys[j] else x) (indices xs) xs`,
		before: map[string]int{"index": 1}, after: map[string]int{"index": 1},
		inputs: []string{"1i64 [1.0, 2.0, 3.0] [10.0, 20.0, 30.0]", "5i64 [1.0, 2.0] [10.0]", "1i64 [1.0, 2.0, 3.0] [10.0]"},
	}, {
		name: "equal branches", pass: "cond",
		src:    `entry main (c: bool) (x: f64) = if c then x * 2 + 1 else x * 2 + 1`,
		before: map[string]int{"if": 1, "bin": 4}, after: map[string]int{"if": 0, "bin": 2},
		inputs: []string{"true 1.5", "false " + "f64.nan", "true -0.0"},
	}, {
		// An iota row is below the width, and never negative.
		name: "index ranges decide comparisons", pass: "cond",
		src: `entry main [n] (xs: [n]f64) =
		        map2 (\i x -> if i < n && 0 <= i then x else 0) (iota n) xs`,
		before: map[string]int{"cmp": 2, "if": 2}, after: map[string]int{"cmp": 0, "if": 0},
		inputs: []string{specials},
	}})
}

func TestPull(t *testing.T) {
	runRewriteCases(t, []rewriteCase{{
		// A row of a literal written at a loop counter, in bounds: the
		// elements are written one by one and no literal is built.
		name: "a literal row written in bounds", pass: "pull",
		src: `entry main [n] (x: f64) (rows: *[n][2]f64) =
		        loop rows for i < n do rows with [i] = [x * f64.i64 i, x]`,
		before: map[string]int{"arraylit": 1, "update": 1}, after: map[string]int{"arraylit": 0, "update": 2},
		inputs: []string{"1.5 [[0.0, 0.0], [1.0, 2.0], [3.0, 4.0]]", "2.0 empty([0][2]f64)"},
	}, {
		// An index that may be out of bounds (m is not negative, but it
		// may be n or more) keeps the row update, which fails with the
		// message of a row.
		name: "a literal row written anywhere", pass: "pull",
		src:    `entry main [n] [m] (ys: [m]f64) (x: f64) (rows: *[n][2]f64) = rows with [m] = [x, x + 1]`,
		before: map[string]int{"arraylit": 1, "update": 1}, after: map[string]int{"arraylit": 1, "update": 1},
		inputs: []string{"[1.0] 1.5 [[0.0, 0.0], [1.0, 2.0]]", "[1.0, 2.0] 1.5 [[0.0, 0.0], [1.0, 2.0]]", "empty([0]f64) 1.5 [[0.0, 0.0]]"},
	}, {
		// ys[i] for a loop counter i below ys's width: the element's
		// expression; the map that built ys goes.
		name: "an index into a map in bounds", pass: "pull",
		src: `entry main [n] (xs: [n]f64) (z: f64) =
		        let ys = map (\x -> x * 2 + 1) xs
		        in loop acc = z for i < n do acc * ys[i]`,
		before: map[string]int{"map": 1, "index": 1}, after: map[string]int{"map": 0, "index": 1},
		inputs: []string{"[1.0, 2.0, 3.0] 4.0", specials + " -0.0", "empty([0]f64) 1.0"},
	}, {
		// ys[n - 1 - i] (a loop walking ys backwards, as return sweeps
		// do) is in bounds as ys[i] is.
		name: "an index into a map backwards", pass: "pull",
		src: `entry main [n] (xs: [n]f64) (z: f64) =
		        let ys = map (\x -> x * 2 + 1) xs
		        in loop acc = z for i < n do acc * 0.5 + ys[n - 1 - i]`,
		before: map[string]int{"map": 1, "index": 1}, after: map[string]int{"map": 0, "index": 1},
		inputs: []string{"[1.0, 2.0, 3.0] 4.0", specials + " -0.0", "empty([0]f64) 1.0"},
	}, {
		// ys[n - i] fails at i = 0, ys[m - 1 - i] for another size m may
		// fail anywhere, and ys[n - 1 - i] for i up to n fails at i = n:
		// the indices and their errors stay.
		name: "backwards from elsewhere", pass: "pull",
		src: `entry main [n] [m] (_: [n]f64) (zs: [m]f64) (k: i64) =
		        let ys = map (\i -> f64.i64 i * 2 + 1) (iota n)
		        in (loop acc = 0 for i < k do acc + ys[n - i],
		            loop acc = 0 for i < m do acc + ys[m - 1 - i],
		            loop acc = 0 for i < n + k do acc + ys[n - 1 - i])`,
		before: map[string]int{"map": 1, "index": 3}, after: map[string]int{"map": 1, "index": 3},
		inputs: []string{"[0.0, 0.0] [1.0, 2.0] 1i64", "[0.0, 0.0] [1.0, 2.0] 0i64", "[0.0] [1.0, 2.0] 0i64", "[0.0, 0.0] [1.0] 0i64", "empty([0]f64) empty([0]f64) 0i64"},
	}, {
		// An index into a map of exps in a loop in a loop would compute
		// every exp once per outer iteration: it stays. One loop deep,
		// or with a cheap element function, it is pulled.
		name: "an index into a map of exps two loops deep stays", pass: "pull",
		src: `entry main [n] (xs: [n]f64) (k: i64) =
		        let ys = map f64.exp xs
		        in loop acc = 0 for t < k do loop acc = acc for j < n do acc + ys[j]`,
		before: map[string]int{"map": 1, "index": 1}, after: map[string]int{"map": 1, "index": 1},
		inputs: []string{"[1.0, 2.0, 3.0] 2i64", specials + " 1i64", "empty([0]f64) 3i64"},
	}, {
		name: "an index into a map of exps one loop deep", pass: "pull",
		src: `entry main [n] (xs: [n]f64) =
		        let ys = map f64.exp xs
		        in loop acc = 0 for j < n do acc + ys[j]`,
		before: map[string]int{"map": 1, "index": 1}, after: map[string]int{"map": 0, "index": 1},
		inputs: []string{"[1.0, 2.0, 3.0]", specials, "empty([0]f64)"},
	}, {
		name: "an index into a cheap map two loops deep", pass: "pull",
		src: `entry main [n] (xs: [n]f64) (k: i64) =
		        let ys = map (\x -> x * 2 + 1) xs
		        in loop acc = 0 for t < k do loop acc = acc for j < n do acc + ys[j]`,
		before: map[string]int{"map": 1, "index": 1}, after: map[string]int{"map": 0, "index": 1},
		inputs: []string{"[1.0, 2.0, 3.0] 2i64", specials + " 1i64", "empty([0]f64) 3i64"},
	}, {
		// Not known to be in bounds: the index and its error stay.
		name: "an index that may be out of bounds stays", pass: "pull",
		src: `entry main [n] (xs: [n]f64) (k: i64) =
		        let ys = map (\x -> x * 2 + 1) xs
		        in ys[k]`,
		before: map[string]int{"map": 1, "index": 1}, after: map[string]int{"map": 1, "index": 1},
		inputs: []string{"[1.0, 2.0] 1i64", "[1.0, 2.0] 2i64", "[1.0, 2.0] -1i64"},
	}, {
		// The transpose of a nest of maps is the swapped nest.
		name: "a transposed map nest", pass: "pull",
		src: `entry main [n] [m] (xs: [n]f64) (ys: [m]f64) =
		        transpose (map (\x -> map (\y -> x - 2 * y) ys) xs)`,
		before: map[string]int{"rearrange": 1, "map": 2}, after: map[string]int{"rearrange": 0, "map": 2},
		inputs: []string{"[1.0, 2.0, 3.0] [4.0, 5.0]", "empty([0]f64) [1.0]", specials + " [1.0]"},
	}, {
		// A one-hot array built outside is computed inside the map that
		// reads it, where its index is known.
		name: "a cheap map's result read inside another map", pass: "pull",
		src: `entry main [n] (k: i64) (xs: [n][n]f64) =
		        let e = map (\j -> if j == k then 1.0 else 0.0) (iota n)
		        in map (\row -> map2 (*) e row) xs`,
		before: map[string]int{"map": 3, "nest": 2}, after: map[string]int{"map": 2},
		inputs: []string{"1i64 [[1.0, 2.0], [3.0, 4.0]]", "7i64 [[1.0, f64.nan], [3.0, -0.0]]"},
	}, {
		// A map of exps (or divisions) read inside another map stays: the
		// nested body runs once per row of xs, so recomputing there would
		// take n exps per element instead of one.
		name: "a costly map's result read inside another map stays", pass: "pull",
		src: `entry main [n] (q: [n]f64) (xs: [n][n]f64) =
		        let e = map f64.exp q
		        let r = map (\x -> 1 / x) q
		        in map (\row -> map3 (\a b c -> a * b + c) e row r) xs`,
		before: map[string]int{"map": 4, "nest": 2}, after: map[string]int{"map": 4, "nest": 2},
		inputs: []string{"[1.0, 2.0] [[1.0, 2.0], [3.0, 4.0]]", "[0.0, -0.0] [[f64.nan, 2.0], [3.0, -0.0]]"},
	}, {
		// In the same body, a cheap result that one map reads beside
		// another result shifted (so that fusion cannot merge the two
		// maps) is computed by that map, and the first stores one
		// result; one read twice, or the only result read, stays.
		name: "a cheap result read beside a shifted one", pass: "pull",
		src: `entry main [n] (xs: [n]f64) (ys: [n]f64) =
		        let (a, b) = unzip (map2 (\x y -> (f64.sin x * y, y * 2 + x)) xs ys)
		        in map2 (\p q -> p - q) (rotate 1 a) b`,
		before: map[string]int{"map results": 3}, after: map[string]int{"map results": 2},
		inputs: []string{"[1.0, 2.0, 3.0] [0.5, -1.0, 2.0]", "empty([0]f64) empty([0]f64)", "[f64.nan, -0.0] [f64.inf, 0.0]"},
	}, {
		name: "a cheap result read twice stays", pass: "pull",
		src: `entry main [n] (xs: [n]f64) (ys: [n]f64) =
		        let (a, b) = unzip (map2 (\x y -> (f64.sin x * y, y * 2 + x)) xs ys)
		        in (map2 (\p q -> p - q) (rotate 1 a) b, map2 (\p q -> p * q) (rotate (-1) a) b)`,
		before: map[string]int{"map results": 4}, after: map[string]int{"map results": 4},
		inputs: []string{"[1.0, 2.0, 3.0] [0.5, -1.0, 2.0]"},
	}, {
		// Maps over 3-vectors returned by an if are written out as
		// array literals (which the cond family then splits).
		name: "small maps", pass: "pull",
		src: `def cross (a: [3]f64) (b: [3]f64) : [3]f64 =
		        [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]]
		      entry main (c: bool) (x: f64) (y: f64) =
		        let u = [x, y, 1]
		        let w = if c then map2 (\p q -> p * 2 + q) u (cross u [y, x, 2]) else map (* y) u
		        in w[0] + w[1] * w[2]`,
		before: map[string]int{"map": 2}, after: map[string]int{"map": 0},
		inputs: []string{"true 1.0 2.0", "false 1.0 2.0", "true -0.0 f64.inf", "false 3.0 f64.nan"},
	}, {
		// A reduction of width 3 is the left fold from the neutral
		// element (exactly the interpreter's order).
		name: "a small reduction", pass: "pull",
		src: `entry main (x: f64) (y: f64) =
		        let v = if x < y then [x, y, 1] else [y, -0.0, x]
		        in (f64.sum v, reduce f64.max (-f64.inf) v)`,
		before: map[string]int{"reduce": 2}, after: map[string]int{"reduce": 0},
		inputs: []string{"1.0 2.0", "3.0 -0.0", "-0.0 -0.0", "f64.nan 1.0", "1e308 1e308"},
	}, {
		// Wider maps stay maps.
		name: "a map of width 5 stays", pass: "pull",
		src:    `entry main (x: f64) = map (\p -> p * x) [1, 2, 3, 4, 5]`,
		before: map[string]int{"map": 1}, after: map[string]int{"map": 1},
		inputs: []string{"1.0", "f64.nan"},
	}})
}

func TestLoopNorm(t *testing.T) {
	runRewriteCases(t, []rewriteCase{{
		// A loop carrying a vector of two floats carries its elements:
		// the reads in the body and of its new value fold, only the
		// initial vector is read.
		name: "a small vector carried as its elements", pass: "loopnorm",
		src: `entry main (x0: [2]f64) (n: i64) =
		        let (x, _) = loop (x: [2]f64, i: i64) = (x0, 0) while i < n do
		          ([x[1], x[0] * 0.5 + x[1]], i + 1)
		        in x`,
		before: map[string]int{"inner index": 2, "inner arraylit": 1}, after: map[string]int{"index": 2, "inner index": 0, "inner arraylit": 0, "arraylit": 1},
		inputs: []string{"[1.0, 2.0] 3i64", "[1.0, 2.0] 0i64", "[-0.0, f64.nan] 1i64"},
	}, {
		// The body updates it in place at an index it computes: the
		// literal it rebuilds is updated instead.
		name: "a small vector updated in place", pass: "loopnorm",
		src: `entry main (x0: [3]i64) (n: i64) =
		        loop x = copy x0 for i < n do x with [i % 3] = x[0] + i`,
		before: map[string]int{"update": 1}, after: map[string]int{"update": 1, "arraylit": 2},
		inputs: []string{"[1i64, 2i64, 3i64] 5i64", "[1i64, 2i64, 3i64] 0i64"},
	}, {
		// Above smallLoopVec: stays an array.
		name: "a larger vector stays", pass: "loopnorm",
		src: `entry main (x0: [5]f64) (n: i64) =
		        loop x = x0 for _i < n do map (\a -> a * 0.5) x`,
		before: map[string]int{"arraylit": 0}, after: map[string]int{"arraylit": 0, "index": 0},
		inputs: []string{"[1.0, 2.0, 3.0, 4.0, 5.0] 2i64"},
	}, {
		// The sum of a one-hot map is one access. The other elements are
		// literally 0, so this is exact (a sum from +0 is never -0).
		name: "a one-hot sum", pass: "loopnorm",
		src: `entry main [n] (k: i64) (xs: [n]f64) =
		        f64.sum (map2 (\j x -> if j == k then x * 3 else 0) (iota n) xs)`,
		before: map[string]int{"reduce": 1, "map": 1}, after: map[string]int{"reduce": 0, "map": 0},
		inputs: []string{"1i64 [1.0, 2.0, 3.0]", "-1i64 [1.0, 2.0]", "3i64 [1.0, 2.0, 3.0]", "0i64 [-0.0, f64.nan]", "1i64 [f64.inf, -0.0]"},
	}, {
		// The other elements are 0 * y, which forward mode leaves: ±0,
		// or NaN for an infinite or NaN y. The sum is one access and a
		// count of the other rows' NaNs, which does not depend on k.
		name: "a one-hot sum of zero products", pass: "loopnorm",
		src: `entry main [n] (k: i64) (xs: [n]f64) (ys: [n]f64) =
		        f64.sum (map3 (\j x y -> if j == k then x * y else 0 * y - 0 / x) (iota n) xs ys)`,
		before: map[string]int{"reduce": 1, "map": 1}, after: map[string]int{"reduce": 1, "map": 1},
		inputs: []string{"1i64 [1.0, 2.0, 3.0] [4.0, -5.0, 6.0]", "-1i64 [1.0, 2.0] [3.0, 4.0]",
			"3i64 [1.0, 2.0, 3.0] [1.0, 1.0, 1.0]", "0i64 [-0.0, 2.0] [-0.0, 1.0]",
			"1i64 [1.0, 2.0, 3.0] [f64.inf, 1.0, 1.0]", "1i64 [1.0, 2.0, 3.0] [1.0, f64.inf, 1.0]",
			"1i64 [1.0, 0.0, 3.0] [1.0, 2.0, 1.0]", "0i64 [0.0, 2.0] [1.0, 2.0]",
			"5i64 [1.0, 2.0] [1.0, -f64.inf]", "5i64 [1.0, 2.0] [-1.0, 2.0]", "0i64 [1.0] [f64.nan]"},
	}, {
		// The value after the rewrite must not depend on k but through
		// the one access: the count of NaNs leaves a map over k.
		name: "a one-hot sum of zero products in a map over the index", pass: "loopnorm",
		src: `entry main [n] (xs: [n]f64) (ys: [n]f64) =
		        tabulate n (\k -> f64.sum (map3 (\j x y -> if j == k then x * y else 0 * y) (iota n) xs ys))`,
		before: map[string]int{"nest": 2}, after: map[string]int{"nest": 1},
		inputs: []string{"[1.0, 2.0, 3.0] [4.0, -5.0, 6.0]", "[1.0, 2.0, 3.0] [f64.inf, 1.0, 1.0]",
			"[f64.nan, 2.0] [1.0, 1.0]", "empty([0]f64) empty([0]f64)"},
	}, {
		name: "not one-hot: a product that need not be zero", pass: "loopnorm",
		src: `entry main [n] (k: i64) (xs: [n]f64) (ys: [n]f64) =
		        f64.sum (map3 (\j x y -> if j == k then x * y else 0 + y) (iota n) xs ys)`,
		before: map[string]int{"reduce": 1}, after: map[string]int{"reduce": 1, "map": 1},
		inputs: []string{"1i64 [1.0, 2.0, 3.0] [4.0, 5.0, 6.0]"},
	}, {
		name: "not one-hot: another value off the index", pass: "loopnorm",
		src: `entry main [n] (k: i64) (xs: [n]f64) =
		        f64.sum (map2 (\j x -> if j == k then x * 3 else 1) (iota n) xs)`,
		before: map[string]int{"reduce": 1}, after: map[string]int{"reduce": 1},
		inputs: []string{"1i64 [1.0, 2.0, 3.0]"},
	}, {
		// A loop that changes its state in iteration k only.
		name: "a loop with one effective iteration", pass: "loopnorm",
		src: `entry main [n] (k: i64) (xs: [n]f64) =
		        loop acc = 1.5 for j < n do if j == k then acc * xs[j] + 1 else acc`,
		before: map[string]int{"loop": 1}, after: map[string]int{"loop": 0},
		inputs: []string{"1i64 [1.0, 2.0, 3.0]", "-1i64 [1.0, 2.0]", "2i64 [1.0, 2.0]", "0i64 [f64.nan]"},
	}, {
		name: "a short loop is unrolled", pass: "loopnorm",
		src:    `entry main (x: f64) = loop acc = x for j < 3 do acc * acc + f64.i64 j`,
		before: map[string]int{"loop": 1}, after: map[string]int{"loop": 0},
		inputs: []string{"0.5", "-0.0", "f64.nan", "-f64.inf"},
	}, {
		name: "a long loop is not unrolled", pass: "loopnorm",
		src:    `entry main (x: f64) = loop acc = x for j < 100 do acc * acc + f64.i64 j`,
		before: map[string]int{"loop": 1}, after: map[string]int{"loop": 1},
		inputs: []string{"0.5"},
	}})
}

func TestFission(t *testing.T) {
	runRewriteCases(t, []rewriteCase{{
		// The second component only follows the first's selection (a
		// max's tangent): it becomes the index of the selected element,
		// and the reduction no longer reads ds.
		name: "a selected component becomes an index", pass: "fission",
		src: `entry main [n] (xs: [n]f64) (ds: [n]f64) =
		        (reduce (\(a, da) (b, db) -> if a >= b then (a, da) else (b, db)) (-f64.inf, 0) (zip xs ds)).1`,
		before: map[string]int{"reduce": 1, "index": 0}, after: map[string]int{"reduce": 1, "index": 1, "iota": 1},
		inputs: []string{"[1.0, 7.0, -3.0, 7.0] [1.0, 2.0, 3.0, 4.0]", "empty([0]f64) empty([0]f64)",
			"[f64.nan, 2.0] [-0.0, 1.0]", "[-f64.inf, -f64.inf] [5.0, 6.0]", "[1.0, 2.0] [f64.nan, -0.0]"},
	}, {
		// Components of a reduction that no used result needs go.
		name: "a dead independent component", pass: "fission",
		src: `entry main [n] (xs: [n]f64) (ys: [n]i64) =
		        (reduce (\(a, b) (c, d) -> (a + c, b * d)) (0, 1) (zip xs ys)).0`,
		before: map[string]int{"bin": 2}, after: map[string]int{"bin": 1},
		inputs: []string{"[1.0, 2.0] [3i64, 4i64]", "empty([0]f64) empty([0]i64)"},
	}, {
		// A map of values and tangents inside a map over seeds splits,
		// and the values leave the seed loop.
		name: "the invariant part of a map leaves the seed loop", pass: "fission",
		src: `entry main [n] (xs: [n]f64) (ys: [n]f64) =
		        tabulate n (\i -> map2 (\x dx -> (f64.sin x, dx * f64.cos x + f64.i64 i)) xs ys)`,
		before: map[string]int{"map": 2, "nest": 2}, after: map[string]int{"map": 3},
		inputs: []string{"[1.0, 2.0] [3.0, 4.0]"},
	}, {
		// A reduction per row that does not depend on the seed k leaves
		// the map over k as a map of its own (then hoisted): the nest
		// of three loops becomes two.
		name: "an invariant reduction per row leaves the seed loop", pass: "fission",
		src: `entry main [m][n] (us: [m]f64) (a: [m][n]f64) (v: [n]f64) =
		        tabulate n (\k -> f64.sum (map2 (\u row ->
		          let c = i64.sum (map2 (\x y -> if f64.isnan (u * x * y) then 1 else 0) row v)
		          in f64.i64 c + row[k] * u) us a))`,
		before: map[string]int{"nest": 3}, after: map[string]int{"nest": 2},
		inputs: []string{"[1.0, 2.0] [[1.0, 2.0, 3.0], [4.0, f64.inf, 6.0]] [0.5, 0.0, 2.0]", "empty([0]f64) empty([0][2]f64) [1.0, 2.0]"},
	}, {
		// A reduction of two results, one read through further invariant
		// statements: both reach the seed loop as parameters.
		name: "an invariant reduction of two results leaves the seed loop", pass: "fission",
		src: `entry main [m][n] (us: [m]f64) (a: [m][n]f64) (v: [n]f64) =
		        tabulate n (\k -> f64.sum (map2 (\u row ->
		          let (s, p) = reduce (\(a1, b1) (a2, b2) -> (a1 + a2, b1 * b2)) (0, 1) (zip (map (* u) row) v)
		          let q = f64.sqrt (f64.abs p) + 1
		          in s * row[k] + q) us a))`,
		before: map[string]int{"nest": 3}, after: map[string]int{"nest": 2},
		inputs: []string{"[1.0, 2.0] [[1.0, 2.0, 3.0], [4.0, -5.0, 6.0]] [0.5, 1.5, 2.0]", "empty([0]f64) empty([0][2]f64) [1.0, 2.0]"},
	}})
}

// TestForwardGradientsLinear compiles the forward-mode benchmarks of
// bench/fwdmode, with and without fast math, and checks that every
// derivative X_g nests loops and SOACs no deeper than its baseline X_f:
// a gradient by n forward passes over one-hot seeds must have lost the
// loop over the seeds. Without fast math the exact rules must do it
// (max's tangent is selected, one-hot sums of 0 * y count NaNs, and the
// count leaves the loop over the seeds).
func TestForwardGradientsLinear(t *testing.T) {
	for _, fast := range []bool{true, false} {
		for _, file := range []string{"micro", "nnmf", "project"} {
			path := "../../bench/fwdmode/" + file + ".fut"
			p, err := pipeline.CompileFile(path, pipeline.Options{FastMath: fast, Verify: true})
			if err != nil {
				t.Fatal(err)
			}
			pairs := 0
			for _, g := range p.Funcs {
				if !strings.HasSuffix(g.Name, "_g") {
					continue
				}
				f := p.Func(strings.TrimSuffix(g.Name, "_g") + "_f")
				if f == nil {
					continue
				}
				pairs++
				kg, kf := kinds(g)["nest"], kinds(f)["nest"]
				if !fast {
					// Exact rules may leave one loop of their own at
					// the top: the count of NaNs of a one-hot sum.
					kf = max(kf, 1)
				}
				if kg > kf {
					t.Errorf("%s (fast math %v): %s nests %d deep, its baseline %s %d:\n%s", file, fast, g.Name, kg, f.Name, kf, g)
				}
			}
			if pairs == 0 {
				t.Errorf("%s: no pairs of entry points", file)
			}
		}
	}
}
