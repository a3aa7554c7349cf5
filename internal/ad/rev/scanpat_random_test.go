package rev

import (
	"fmt"
	"math/rand"
	"strings"
	"testing"

	"github.com/fluxion-lang/fluxion/internal/interp"
	"github.com/fluxion-lang/fluxion/internal/prim"
)

// scanOpSource is a program for one operator of scanOps: entry f gives
// the k arrays of scan op ne (zip a0 .. a{k-1}) and entry g its vjp with
// respect to all of them at seeds s0 .. s{k-1}. The operator's extra
// parameters come first in both.
func scanOpSource(o scanOp) string {
	elems := o.elems()
	k := len(elems)
	var ps, ss, as, sa, elem, proj, ts []string
	for c, et := range elems {
		ps = append(ps, fmt.Sprintf("(a%d: [n]%s)", c, et))
		ss = append(ss, fmt.Sprintf("(s%d: [n]%s)", c, et))
		as = append(as, fmt.Sprintf("a%d", c))
		sa = append(sa, fmt.Sprintf("s%d", c))
		elem = append(elem, fmt.Sprintf("a%d[i]", c))
		proj = append(proj, fmt.Sprintf("map (\\t -> t.%d) ys", c))
		ts = append(ts, fmt.Sprintf("[n]%s", et))
	}
	tup := func(xs []string) string {
		if k == 1 {
			return xs[0]
		}
		return "(" + strings.Join(xs, ", ") + ")"
	}
	freeNames := ""
	for _, f := range strings.Fields(strings.NewReplacer("(", " ", ")", " ", ":", " : ").Replace(o.free)) {
		if f == ":" {
			break
		}
		freeNames += " " + f
	}
	res := tup(proj)
	if k == 1 {
		res = "ys"
	}
	var b strings.Builder
	fmt.Fprintf(&b, "def t [n] %s %s : %s =\n  let ys = scan (%s) %s (map (\\i -> %s) (iota n)) in %s\n",
		o.free, strings.Join(ps, " "), tup(ts), o.op, o.ne, tup(elem), res)
	fmt.Fprintf(&b, "entry f [n] %s %s = t%s %s\n", o.free, strings.Join(ps, " "), freeNames, strings.Join(as, " "))
	fmt.Fprintf(&b, "entry g [n] %s %s %s = vjp (\\%s -> t%s %s) %s %s\n", o.free, strings.Join(ps, " "), strings.Join(ss, " "),
		tup(as), freeNames, strings.Join(as, " "), tup(as), tup(sa))
	return b.String()
}

// compileScanOp compiles o's program with the special cases on or off and
// returns the pattern kinds its scans used.
func compileScanOp(t *testing.T, o scanOp, generic bool) (*interp.Program, []scanPatKind) {
	t.Helper()
	var kinds []scanPatKind
	scanPatternSeen = func(p scanPattern) { kinds = append(kinds, p.Kind) }
	NoSpecialCases = generic
	defer func() { NoSpecialCases, scanPatternSeen = false, nil }()
	return compile(t, scanOpSource(o)), kinds
}

// randomValue is a random scalar of type et: floats away from zero (so
// that the operators' kinks, at zero or at ties, are far), small integers,
// booleans.
func randomValue(rng *rand.Rand, et string) prim.Value {
	switch et {
	case "bool":
		return prim.BoolValue(rng.Intn(3) == 0)
	case "i64":
		return prim.IntValue(prim.I64, int64(rng.Intn(7)-3))
	}
	x := 0.3 + rng.Float64()
	if rng.Intn(4) == 0 {
		x = -x
	}
	return prim.FloatValue(prim.F64, x)
}

func arrayOf(et string, xs []prim.Value) interp.Value {
	t := map[string]prim.Type{"bool": prim.Bool, "i64": prim.I64, "f64": prim.F64}[et]
	a := interp.NewArray(t, []int64{int64(len(xs))})
	copy(a.Data, xs)
	return interp.ArrayValue(a)
}

// For operators of every pattern class, at random inputs and seeds: the
// pattern rule and the generic rule (NoSpecialCases) give the same
// adjoints, the compiled program used the expected pattern, and the f64
// adjoints match central finite differences of sum_c <s_c, ys_c>.
func TestScanPatternsRandom(t *testing.T) {
	want := map[string]scanPatKind{}
	for _, o := range scanOps {
		b, op := scanOperator(t, o.op, o.ne, o.elems(), o.free)
		want[o.name] = detectScanPattern(b, op).Kind
	}
	rng := rand.New(rand.NewSource(3))
	for _, o := range scanOps {
		if o.name == "add_lambda" {
			continue // the scan (+) rule takes it
		}
		special, kinds := compileScanOp(t, o, false)
		if len(kinds) != 1 || kinds[0] != want[o.name] {
			t.Errorf("%s: the return sweep used %v, want [%v]", o.name, kinds, want[o.name])
		}
		generic, gkinds := compileScanOp(t, o, true)
		if len(gkinds) != 1 || gkinds[0] != patGeneric {
			t.Errorf("%s: with NoSpecialCases the return sweep used %v", o.name, gkinds)
		}
		elems := o.elems()
		for _, n := range []int{0, 1, 2, 5, 7} {
			var free []interp.Value
			switch o.free {
			case "(y: f64)":
				free = []interp.Value{sf(0.4 + rng.Float64())}
			case "(ws: [2]f64)":
				free = []interp.Value{af(0.5+rng.Float64(), -0.5-rng.Float64())}
			}
			xs := make([][]prim.Value, len(elems))
			seeds := make([][]prim.Value, len(elems))
			for c, et := range elems {
				for i := 0; i < n; i++ {
					xs[c] = append(xs[c], randomValue(rng, et))
					seeds[c] = append(seeds[c], randomValue(rng, et))
				}
			}
			args := func(xs [][]prim.Value, withSeeds bool) []interp.Value {
				out := append([]interp.Value{}, free...)
				for c, et := range elems {
					out = append(out, arrayOf(et, xs[c]))
				}
				if withSeeds {
					for c, et := range elems {
						out = append(out, arrayOf(et, seeds[c]))
					}
				}
				return out
			}
			gs, err := special.Run("g", args(xs, true))
			if err != nil {
				t.Fatalf("%s: %v", o.name, err)
			}
			gg, err := generic.Run("g", args(xs, true))
			if err != nil {
				t.Fatalf("%s (generic): %v", o.name, err)
			}
			got, ref := flat(gs), flat(gg)
			same := len(got) == len(ref)
			for i := 0; same && i < len(got); i++ {
				same = closeTo(got[i], ref[i], 1e-9)
			}
			if !same {
				t.Errorf("%s n=%d: pattern rule %v, generic rule %v", o.name, n, got, ref)
				continue
			}
			adj := got
			loss := func(xs [][]prim.Value) float64 {
				r, err := special.Run("f", args(xs, false))
				if err != nil {
					t.Fatalf("%s: %v", o.name, err)
				}
				ys := flat(r)
				l := 0.0
				for c, et := range elems {
					if et != "f64" {
						continue
					}
					for i := 0; i < n; i++ {
						l += seeds[c][i].Float() * ys[c*n+i]
					}
				}
				return l
			}
			const h = 1e-6
			for c, et := range elems {
				if et != "f64" {
					continue
				}
				for i := 0; i < n; i++ {
					x := xs[c][i].Float()
					xs[c][i] = prim.FloatValue(prim.F64, x+h)
					up := loss(xs)
					xs[c][i] = prim.FloatValue(prim.F64, x-h)
					down := loss(xs)
					xs[c][i] = prim.FloatValue(prim.F64, x)
					if fd := (up - down) / (2 * h); !closeTo(adj[c*n+i], fd, 1e-5) {
						t.Errorf("%s n=%d: adjoint of a%d[%d] is %v, finite differences %v", o.name, n, c, i, adj[c*n+i], fd)
					}
				}
			}
		}
	}
}
