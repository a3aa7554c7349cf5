package pipeline

import (
	"io/fs"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/fluxion-lang/fluxion/internal/ad"
	"github.com/fluxion-lang/fluxion/internal/ad/rev"
	"github.com/fluxion-lang/fluxion/internal/check"
	"github.com/fluxion-lang/fluxion/internal/ir"
)

// program exercises every pass: an array used after an in-place update
// (copies; the uniqueness checker rejects that, so compileProgram skips
// it to reach the lowering's copy-on-write safety net), a strip-mined loop
// under vjp (ad-prepare), and a reverse sweep whose maps and reductions
// fuse. The i32 index leaves a conversion that simplify folds after its
// first copyprop run.
const program = `
def affine (n: i64) (x: f64) : f64 = #[stripmine(2)] loop a = x for _i < n do a * 0.5 + x

def energy [n] (xs: [n]f64) : f64 = f64.sum (map (\x -> x * x) xs)

entry main (xs: []f64) (n: i64) =
  let ys = xs with [0i32] = 1.0
  in (xs, ys, vjp (affine n) 2.0 1.0, vjp energy xs 1.0, energy ys)
`

// compileProgram compiles program without the uniqueness checker.
func compileProgram(opts Options) (*ir.Program, error) {
	prog, err := check.CheckSourceOptions("t.fut", []byte(program), nil, check.Options{NoUniqueness: true})
	if err != nil {
		return nil, err
	}
	return Compile(prog, opts)
}

func TestEveryPassDumps(t *testing.T) {
	out := map[string]string{}
	for _, name := range PassNames() {
		p, err := compileProgram(Options{After: name, Verify: true})
		if err != nil {
			t.Fatalf("--after=%s: %v", name, err)
		}
		out[name] = p.String()
	}
	for _, tc := range []struct{ before, after, what string }{
		{"lower", "copies", "= copy "},
		{"simplify", "ad-prepare", " loop ("},
		{"simplify-ad", "fuse", " screma "},
	} {
		if b, a := strings.Count(out[tc.before], tc.what), strings.Count(out[tc.after], tc.what); a <= b {
			t.Errorf("%d %q after %s, %d after %s:\n%s", b, tc.what, tc.before, a, tc.after, out[tc.after])
		}
	}
	// A sub-pass's dump is the program after its first run, before the
	// fixed point.
	if out["simplify/copyprop"] == out["simplify"] {
		t.Errorf("simplify/copyprop shows the fixed point of simplify")
	}
	if _, err := compileProgram(Options{After: "simplify/nosuch"}); err == nil {
		t.Errorf("an unknown sub-pass was accepted")
	}
}

// TestPrepareIsIdempotent: reverse mode prepares what it differentiates,
// so running the ad-prepare pass first must not change what AD makes, on
// every corpus and benchmark program that uses vjp.
func TestPrepareIsIdempotent(t *testing.T) {
	if testing.Short() {
		t.Skip("compiles every program that uses vjp")
	}
	var files []string
	for _, root := range []string{"../../tests", "../../bench"} {
		filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
			if err == nil && !d.IsDir() && strings.HasSuffix(p, ".fut") && !strings.Contains(p, "errors") {
				files = append(files, p)
			}
			return nil
		})
	}
	checked := 0
	for _, file := range files {
		p, err := CompileFile(file, Options{After: "simplify"})
		if err != nil || !strings.Contains(p.String(), "vjp ") && !strings.Contains(p.String(), "mjp ") {
			continue
		}
		checked++
		q, err := rev.Prepare(p)
		if err != nil {
			t.Errorf("%s: %v", file, err)
			continue
		}
		if err := ir.Verify(q); err != nil {
			t.Errorf("%s: invalid IR after ad-prepare: %v", file, err)
			continue
		}
		again, err := rev.Prepare(q)
		if err != nil || canonical(again) != canonical(q) {
			t.Errorf("%s: preparing twice differs from preparing once (%v)", file, err)
		}
		direct, err1 := ad.Expand(p)
		prepared, err2 := ad.Expand(q)
		if err1 != nil || err2 != nil {
			if (err1 == nil) != (err2 == nil) {
				t.Errorf("%s: ad without ad-prepare: %v, with it: %v", file, err1, err2)
			}
			continue
		}
		if canonical(direct) != canonical(prepared) {
			t.Errorf("%s: ad-prepare changes what AD makes", file)
		}
	}
	if checked < 20 {
		t.Errorf("only %d programs with vjp found", checked)
	}
}

// canonical prints p with every bound name renamed in order of binding,
// so that programs equal up to the choice of names print the same.
func canonical(p *ir.Program) string {
	var b strings.Builder
	for _, f := range p.Funcs {
		names := map[ir.VName]ir.VName{}
		r := &ir.Rewriter{
			Bind: func(v ir.VName) ir.VName {
				c := ir.VName{Base: "v", Tag: len(names) + 1}
				names[v] = c
				return c
			},
			Use: func(v ir.VName) ir.SubExp {
				if c, ok := names[v]; ok {
					return ir.Var(c)
				}
				return ir.Var(v)
			},
		}
		g := *f
		g.Params = make([]ir.Param, len(f.Params))
		for i, q := range f.Params {
			g.Params[i] = ir.Param{Name: r.Bind(q.Name), Type: q.Type}
		}
		for i := range g.Params {
			g.Params[i].Type = r.Type(g.Params[i].Type)
		}
		g.Body = r.Body(f.Body)
		b.WriteString(g.String())
		b.WriteString(strconv.Itoa(len(names)))
	}
	return b.String()
}

// BenchmarkCompileChain checks and compiles `x + x + ... + x` of n terms,
// one long line (a program generator's output); the time should grow
// linearly in n.
func BenchmarkCompileChain(b *testing.B) {
	for _, n := range []int{10000, 100000} {
		b.Run(strconv.Itoa(n), func(b *testing.B) {
			src := "entry main (x: f64) : f64 = x" + strings.Repeat(" + x", n-1) + "\n"
			for range b.N {
				prog, err := check.CheckSource("chain.fut", []byte(src), nil)
				if err != nil {
					b.Fatal(err)
				}
				if _, err := Compile(prog, Options{}); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(b.Elapsed().Microseconds())/float64(b.N)/float64(n), "µs/term")
		})
	}
}

// TestLongChainIsOutlined compiles `x + x + ... + x` of 10,000 terms (a
// generated program's shape) and checks that no function of the result
// is much longer than twice the outline pass's chunk of 2,000 top-level
// statements: the Go toolchain takes minutes on one function of 100,000.
func TestLongChainIsOutlined(t *testing.T) {
	src := "entry main (x: f64) : f64 = x" + strings.Repeat(" + x", 9999) + "\n"
	prog, err := check.CheckSource("chain.fut", []byte(src), nil)
	if err != nil {
		t.Fatal(err)
	}
	p, err := Compile(prog, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if len(p.Funcs) < 3 {
		t.Errorf("%d functions, want main and its parts", len(p.Funcs))
	}
	for _, f := range p.Funcs {
		if n := len(f.Body.Stms); n > 4100 {
			t.Errorf("%s has %d top-level statements", f.Name, n)
		}
	}
}
