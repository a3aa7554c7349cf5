package lower

import (
	"strings"
	"testing"

	"github.com/fluxion-lang/fluxion/internal/check"
)

// TestEntryNames checks the source names that entry points keep: one
// path per IR parameter and result, and source size names in types.
func TestEntryNames(t *testing.T) {
	for _, tc := range []struct {
		name, src        string
		params, paramTys string // joined by " "
		rets, retTys     string
		sig              string // ir.Func.Signature
	}{
		{"named sizes", `entry main [n] (xs: [n]f64) (ys: [n]f64) : [n]f64 = map2 (+) xs ys`,
			"xs ys", "[n]f64 [n]f64", "", "[n]f64",
			"entry main [n] (xs: [n]f64) (ys: [n]f64) : [n]f64"},
		{"implicit and anonymous sizes", `entry main [m] (a: [m][]f64) (b: [][k]i32) (c: [3]bool) : i64 = m + k`,
			"a b c", "[m][]f64 [][k]i32 [3]bool", "", "i64",
			"entry main [m] [k] (a: [m][]f64) (b: [][k]i32) (c: [3]bool) : i64"},
		{"a source size named like an invented one", `entry main [n1] (a: [n1][]f64) : i64 = n1`,
			"a", "[n1][]f64", "", "i64",
			"entry main [n1] (a: [n1][]f64) : i64"},
		{"a size given by a parameter", `entry main (n: i64) (xs: [n]f64) : [n]f64 = xs`,
			"n xs", "i64 [n]f64", "", "[n]f64",
			"entry main (n: i64) (xs: [n]f64) : [n]f64"},
		{"an anonymous size unified with a local one", `entry main (n: i64) (xs: []i32) = let m = n + 0 in (xs : [m]i32)`,
			"n xs", "i64 []i32", "", "[]i32",
			"entry main (n: i64) (xs: []i32) : []i32"},
		{"a sum parameter", `type opt = #some i32 | #none
entry main (o: opt) : i32 = match o case #some x -> x case #none -> 0`,
			"_ _", "i64 i32", "", "i32",
			"entry main (o: #none | #some i32) : i32"},
		{"tuple and record parameters", `type pt = {x: f64, y: f64}
entry main [m] (p: (f64, [m]i32)) (r: pt) (_: f32) : f64 = p.0 + r.x`,
			"p.0 p.1 r.x r.y _", "f64 [m]i32 f64 f64 f32", "", "f64",
			"entry main [m] (p: (f64, [m]i32)) (r: {x: f64, y: f64}) (_: f32) : f64"},
		{"destructuring patterns", `entry main ((u, v): (i64, bool)) ({y, x}: {x: f64, y: [2]f64}) : i64 = if v then u else 0`,
			"u v x y", "i64 bool f64 [2]f64", "", "i64",
			"entry main ((u, v): (i64, bool)) ({y, x}: {x: f64, y: [2]f64}) : i64"},
		{"array of records", `entry main (ps: [](f64, i32)) : i64 = length ps`,
			"ps.0 ps.1", "[]f64 []i32", "", "i64",
			"entry main (ps: [](f64, i32)) : i64"},
		{"tuple result", `entry main (x: f64) : (f64, {a: f64, b: i32}) = (x, {a = x, b = 1})`,
			"x", "f64", "0 1.a 1.b", "f64 f64 i32",
			"entry main (x: f64) : (f64, {a: f64, b: i32})"},
		{"record result", `entry main [n] (xs: [n]f64) : {loss: f64, grad: [n]f64} = {loss = f64.sum xs, grad = xs}`,
			"xs", "[n]f64", "grad loss", "[n]f64 f64",
			"entry main [n] (xs: [n]f64) : {grad: [n]f64, loss: f64}"},
		{"point-free entry", `def add (x: i32) (y: i32) = x + y
entry main : i32 -> i32 -> i32 = add`,
			"_ _", "i32 i32", "", "i32",
			"entry main (_: i32) (_: i32) : i32"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			prog, err := check.CheckSource("t.fut", []byte(tc.src), nil)
			if err != nil {
				t.Fatalf("check: %v", err)
			}
			p, err := Program(prog)
			if err != nil {
				t.Fatal(err)
			}
			f := p.Func("main")
			var ptys, rtys []string
			for _, q := range f.Params {
				ptys = append(ptys, f.SourceType(q.Type))
			}
			for _, r := range f.Ret {
				rtys = append(rtys, f.SourceType(r))
			}
			show := func(names []string) string {
				out := make([]string, len(names))
				for i, n := range names {
					out[i] = n
					if n == "" {
						out[i] = "_"
					}
				}
				return strings.Join(out, " ")
			}
			if got := show(f.ParamNames); got != tc.params || len(f.ParamNames) != len(f.Params) {
				t.Errorf("ParamNames = %q, want %q", got, tc.params)
			}
			if got := strings.Join(ptys, " "); got != tc.paramTys {
				t.Errorf("parameter types %q, want %q", got, tc.paramTys)
			}
			wantRets := tc.rets
			if wantRets == "" {
				wantRets = strings.TrimSpace(strings.Repeat("_ ", len(f.Ret)))
			}
			if got := show(f.RetNames); got != wantRets || len(f.RetNames) != len(f.Ret) {
				t.Errorf("RetNames = %q, want %q", got, wantRets)
			}
			if got := strings.Join(rtys, " "); got != tc.retTys {
				t.Errorf("result types %q, want %q", got, tc.retTys)
			}
			if f.Signature != tc.sig {
				t.Errorf("Signature = %q, want %q", f.Signature, tc.sig)
			}
		})
	}
}
