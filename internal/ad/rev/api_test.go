package rev

import (
	"strings"
	"testing"

	"github.com/fluxion-lang/fluxion/internal/interp"
	"github.com/fluxion-lang/fluxion/internal/ir"
	"github.com/fluxion-lang/fluxion/internal/prim"
)

func TestCustomDerivative(t *testing.T) {
	p := compile(t, `entry w (x: f64) = vjp (\x -> 2 * with_vjp (\x -> x * x) (\y dy -> 100 * dy + y) x) x 1`)
	res, err := p.Run("w", []interp.Value{sf(3)})
	if err != nil {
		t.Fatal(err)
	}
	// The rule at y = 9, dy = 2: 100 * 2 + 9, not the derivative 2 * 2x.
	if got := flat(res); len(got) != 1 || got[0] != 209 {
		t.Errorf("got %v, want [209]", got)
	}
}

// TestExpandVJPStatement drives the statement-level entry point the way
// the AD driver does: a builder that knows the function's names.
func TestExpandVJPStatement(t *testing.T) {
	ns := ir.NewNameSource(1)
	b := ir.NewBuilder(ns)
	f64 := ir.Scalar(prim.F64)
	x := b.Param("x", f64)
	lam := b.Lambda([]ir.Type{f64}, func(lb *ir.Builder, ps []ir.SubExp) []ir.SubExp {
		s := lb.Call(mustFunc(t, "sin_f64"), ps[0])
		return []ir.SubExp{lb.BinOp(prim.Mul, s, ps[0])}
	})
	e := &ir.VJP{F: lam, Primals: []ir.SubExp{ir.Var(x.Name)}, Adjoints: []ir.SubExp{ir.Const(prim.FloatValue(prim.F64, 1))}}
	pat := []ir.Param{b.Param("y", f64), b.Param("dx", f64)}
	if err := ExpandVJP(b, &ir.Stm{Pat: pat, Exp: e}); err != nil {
		t.Fatal(err)
	}
	body := b.Body(ir.Var(pat[0].Name), ir.Var(pat[1].Name))
	prog := &ir.Program{Funcs: []*ir.Func{{Name: "f", Params: []ir.Param{x}, Ret: []ir.Type{f64, f64}, Body: body}}}
	if err := ir.Verify(prog); err != nil {
		t.Fatal(err)
	}
	c, err := interp.Compile(prog)
	if err != nil {
		t.Fatal(err)
	}
	res, err := c.Run("f", []interp.Value{sf(0.5)})
	if err != nil {
		t.Fatal(err)
	}
	// d/dx x sin x = sin x + x cos x.
	want := []float64{0.5 * 0.479425538604203, 0.479425538604203 + 0.5*0.8775825618903728}
	got := flat(res)
	if !closeTo(got[0], want[0], 1e-12) || !closeTo(got[1], want[1], 1e-12) {
		t.Errorf("got %v, want %v", got, want)
	}
	if err := ExpandVJP(b, &ir.Stm{Pat: pat[:1], Exp: &ir.Atom{X: ir.Var(x.Name)}}); err == nil {
		t.Error("ExpandVJP of a non-vjp statement: no error")
	}
}

func mustFunc(t *testing.T, name string) prim.Func {
	f, ok := prim.LookupFunc(name)
	if !ok {
		t.Fatalf("no function %s", name)
	}
	return f
}

// Constructs without a reverse rule are errors, not crashes.
func TestUnsupportedIsAnError(t *testing.T) {
	tests := []struct{ src, want string }{
		{"def d (f: f64 -> f64) (x: f64) : f64 = vjp f x 1\nentry e (x: f64) = d (d (d f64.lgamma)) x", "tetragamma"},
	}
	for _, tc := range tests {
		p, err := lowerSource(tc.src)
		if err != nil {
			t.Fatal(err)
		}
		_, err = Expand(p)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: error %v, want one mentioning %q", tc.src, err, tc.want)
		}
	}
}

// mjp gives exactly the mapped vjps (§14.1); the vjps are checked against
// finite differences elsewhere.
func TestMJPIsMappedVJP(t *testing.T) {
	var src strings.Builder
	src.WriteString(fdSource())
	names := []string{"loop_array", "gather_in_loop", "scan_tuple", "hist_generic", "update_row"}
	for _, n := range names {
		src.WriteString("entry " + n + "_m [n] (xs: [n]f64) (y: f64) = mjp (\\(xs, y) -> t_" + n + " xs y) (xs, y) [1, -2, 0.5]\n")
	}
	p := compile(t, src.String())
	xs := []float64{0.3, 0.9, 1.1, 0.6}
	args := []interp.Value{af(xs...), sf(0.7)}
	for _, n := range names {
		g, err := p.Run(n+"_g", args)
		if err != nil {
			t.Fatalf("%s: %v", n, err)
		}
		m, err := p.Run(n+"_m", args)
		if err != nil {
			t.Fatalf("%s: %v", n, err)
		}
		grad := flat(g)
		for k, seed := range []float64{1, -2, 0.5} {
			// Row k of the batch: the xs adjoint row, then the y adjoint.
			row := m[0].Arr.Data[k*4 : (k+1)*4]
			var got []float64
			for _, v := range row {
				got = append(got, v.Float())
			}
			got = append(got, m[1].Arr.Data[k].Float())
			for i := range got {
				if !closeTo(got[i], seed*grad[i], 1e-12) {
					t.Errorf("%s row %d: %v, want %v * %v", n, k, got, seed, grad)
					break
				}
			}
		}
	}
}

// Empty inputs give empty adjoints, not run-time errors.
func TestEmptyArrays(t *testing.T) {
	NoSpecialCases = true
	pg := compile(t, vectorSrc)
	NoSpecialCases = false
	p := compile(t, vectorSrc)
	none := af()
	tests := []struct {
		entry string
		args  []interp.Value
	}{
		{"prod", []interp.Value{none}},
		{"rmin", []interp.Value{none}},
		{"rmax", []interp.Value{none}},
		{"gred", []interp.Value{none, none, sf(1), sf(1)}},
		{"scanadd", []interp.Value{none, none}},
		{"scanmul", []interp.Value{none, none}},
		{"scanpair", []interp.Value{none, none, none, none}},
		{"histadd", []interp.Value{ai(), none, af(1, 2, 3)}},
		{"rbimul", []interp.Value{af(2, 3), ai(), none, af(1, 1)}},
		{"rbimax", []interp.Value{af(2, 3), ai(), none, af(1, 1)}},
	}
	for _, q := range []*interp.Program{p, pg} {
		for _, tc := range tests {
			if _, err := q.Run(tc.entry, tc.args); err != nil {
				t.Errorf("%s on empty arrays: %v", tc.entry, err)
			}
		}
	}
}
