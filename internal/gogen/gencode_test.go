package gogen

import (
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/fluxion-lang/fluxion/internal/ir"
	"github.com/fluxion-lang/fluxion/internal/prim"
	"github.com/fluxion-lang/fluxion/internal/values"
)

// TestScratchFilledUncleared checks that a Scratch whose elements are all
// written before they are read (Filled) is not cleared, and that any
// other is: the same program, generated both ways, differs by one clear.
func TestScratchFilledUncleared(t *testing.T) {
	clears := func(filled bool) int {
		prog := irProg([]ir.Type{ir.Scalar(prim.I64)}, func(b *ir.Builder, ps []ir.SubExp) []ir.SubExp {
			s := b.Let("s", &ir.Scratch{Elem: prim.F64, Shape: ir.Shape{ps[0]}, Filled: filled})
			return []ir.SubExp{b.Let("n", &ir.Size{Arr: s.Var, Dim: 0})}
		})
		files, err := Generate(prog, "p")
		if err != nil {
			t.Fatal(err)
		}
		return strings.Count(string(files["p.go"]), "clear(")
	}
	if plain, filled := clears(false), clears(true); plain != filled+1 {
		t.Errorf("%d clears with Filled, %d without; want one fewer with it", filled, plain)
	}
}

// TestCheckpointReuse calls a loop's gradient twice in one process, the
// second time with fewer iterations, smaller and different data: the
// checkpoint buffer (Filled, not cleared) then holds the first call's
// rows, and a row the second call read without writing it would show.
func TestCheckpointReuse(t *testing.T) {
	if testing.Short() {
		t.Skip("builds generated packages; skipped in -short mode")
	}
	c := diffCase{name: "loop gradient", src: `
def f [n] (s: i64) (x: [n]f64) : f64 =
  let y = loop y = x for i < s do map2 (\a b -> a * f64.sin b + f64.i64 i) x y
  in f64.sum (map (\v -> v * v) y)
entry main [n] (s: i64) (x: [n]f64) : [n]f64 = vjp (f s) x 1`}
	prog := compileCase(t, &c)
	args := func(s string) []values.Value {
		vs, err := values.ParseText(s)
		if err != nil {
			t.Fatal(err)
		}
		return vs
	}
	runCalls(t, []*ir.Program{prog}, []diffCall{
		{name: "first", entry: "main", args: args("7i64 [0.5, -1.5, 2.0, 0.25, 3.0, -0.75, 1.25, 0.1]")},
		{name: "second", entry: "main", args: args("3i64 [0.3, 0.9, -0.2]")},
		{name: "third", entry: "main", args: args("5i64 [1.1, -0.4, 0.6, 2.2, 0.8]")},
	})
}

// TestLoopShapeFacts checks that a loop parameter's declared shape is
// known throughout the body: an array updated in place and passed on
// through an if keeps it, so neither the body nor the loop's result
// compares shapes again (the code had three shape checks per iteration).
func TestLoopShapeFacts(t *testing.T) {
	prog := compileCase(t, &diffCase{name: "histogram loop", src: `
entry main [n] (is: [n]i64) (vs: [n]f64) : [10]f64 =
  loop acc = replicate 10 0 for i < n do
    if is[i] >= 0 && is[i] < 10 then acc with [is[i]] = acc[is[i]] + vs[i] else acc`})
	files, err := Generate(prog, "p")
	if err != nil {
		t.Fatal(err)
	}
	src := string(files["p.go"])
	if n := strings.Count(src, "shapeFail("); n != 0 {
		t.Errorf("%d shape checks in the generated code, want none:\n%s", n, src)
	}
	// The array updated in place is the parameter's own: it is not
	// assigned back at the end of each iteration.
	if back := regexp.MustCompile(`v_loop_\d+ = v_if_\d+`).FindString(src); back != "" {
		t.Errorf("the loop assigns its parameter its own array (%s):\n%s", back, src)
	}
}

// TestMinMaxLanes: a float minimum or maximum folds its elements in
// laneCount partial results, as a float sum does (TestDiff checks that the
// results are the sequential loop's bit for bit); a reduction with another
// operator keeps one.
func TestMinMaxLanes(t *testing.T) {
	for _, c := range []struct {
		name, src string
		lanes     bool
	}{
		{"minimum", `entry main (xs: []f64) = f64.minimum (map (\x -> x * 2) xs)`, true},
		{"max reduce", `entry main (xs: []f32) = reduce f32.max (-f32.inf) xs`, true},
		{"max in rows", `entry main (xss: [][]f64) = map f64.maximum xss`, true},
		{"sum", `entry main (xs: []f64) = f64.sum xs`, true},
		{"product", `entry main (xs: []f64) = f64.product xs`, false},
		{"integer min", `entry main (xs: []i64) = i64.minimum xs`, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			prog := compileCase(t, &diffCase{name: c.name, src: c.src})
			files, err := Generate(prog, "p")
			if err != nil {
				t.Fatal(err)
			}
			src := string(files["p.go"])
			if got := strings.Contains(src, "tlane"); got != c.lanes {
				t.Errorf("lanes in the generated code: %v, want %v:\n%s", got, c.lanes, src)
			}
		})
	}
}

// accTriangle is the shape of the GMM gradient's inner loop: per point and
// component, reverse mode accumulates the adjoint of z = x - mu into an
// array of zeros through a WithAcc inside the map over components.
const accTriangle = `
def f [n] [d] [k] [t] (xs: [n][d]f64) (mu: [k][d]f64, l: [k][t]f64) : f64 =
  f64.sum (map (\x -> f64.sum (map2 (\muk lk ->
      let z = map2 (-) x muk
      in f64.sum (map (\i -> let ro = i * (i - 1) / 2
                             let v = z[i] + f64.sum (map2 (*) (lk[ro:ro + i] :> [i]f64) (z[:i] :> [i]f64))
                             in v * v) (iota d))) mu l)) xs)
entry main [n] [d] [k] [t] (xs: [n][d]f64) (mu: [k][d]f64) (l: [k][t]f64) = vjp (f xs) (mu, l) 1`

// TestWithAccArrayScratch: an array that a WithAcc inside a map's function
// accumulates into dies with the element (the map's accumulator results
// are the accumulators its function returns, ir.Facts), so it lives in
// the worker's scratch instead of being allocated for every element.
func TestWithAccArrayScratch(t *testing.T) {
	prog := compileCase(t, &diffCase{name: "acc triangle", src: accTriangle})
	var inner []ir.VName
	var walk func(b *ir.Body, inMap bool)
	walk = func(b *ir.Body, inMap bool) {
		for _, s := range b.Stms {
			if w, ok := s.Exp.(*ir.WithAcc); ok && inMap {
				for _, in := range w.Inputs {
					inner = append(inner, in.Arr)
				}
			}
			_, isMap := s.Exp.(*ir.Map)
			for _, nb := range ir.Bodies(s.Exp) {
				if nb != nil {
					walk(nb, inMap || isMap)
				}
			}
		}
	}
	for _, f := range prog.Funcs {
		walk(f.Body, false)
	}
	if len(inner) == 0 {
		t.Fatalf("no WithAcc inside a map in the gradient:\n%s", prog)
	}
	files, err := Generate(prog, "p")
	if err != nil {
		t.Fatal(err)
	}
	src := string(files["p.go"])
	for _, n := range inner {
		bind := regexp.MustCompile(regexp.QuoteMeta(ident(n))+` :?= Array\[float64\]\{Shape: [^,]*, Data: ([^}]*)\}`).FindAllStringSubmatch(src, -1)
		if len(bind) == 0 {
			t.Errorf("%s is not bound to a new array in the generated code:\n%s", ident(n), src)
		}
		for _, m := range bind {
			if strings.Contains(m[1], "makeData") {
				t.Errorf("%s gets storage of its own in every element: %s", ident(n), m[0])
			}
		}
	}
}

// TestJamFires checks that the rows of kmeans' distances (jamMin) and of
// a sum of matrix-vector products are jammed (jam.go), whose results
// TestDiff's jam cases compare with the interpreter's, and that an
// element function of two statements is not.
func TestJamFires(t *testing.T) {
	jammed := regexp.MustCompile(`for ; tjb\d+\+4 <= `)
	for _, c := range []struct {
		name, src string
		want      bool
	}{
		{"nearest distances", jamMin, true},
		{"sum of products", `entry main [k] [d] (m: [k][d]f64) (v: [d]f64) : f64 = f64.sum (map (\r -> f64.sum (map2 (*) r v)) m)`, true},
		{"two statements", `entry main [k] [d] (m: [k][d]f64) (v: [d]f64) : f64 = f64.sum (map (\r -> f64.sum (map2 (*) r v) * f64.sum r) m)`, false},
		// Maps adding into accumulators (loopjam.go): llsq's gradient;
		// not when two loops add, when a step adds at another element
		// than its own, or when the rows' bounds differ.
		{"llsq gradient", mapJamGrad, true},
		{"two loops adding", mapJamTwoLoops, false},
		{"adding at another element", mapJamReversed, false},
		{"bounds of the row", mapJamRowBound, false},
	} {
		dc := diffCase{name: c.name, src: c.src}
		files, err := Generate(compileCase(t, &dc), "p")
		if err != nil {
			t.Fatal(err)
		}
		if got := jammed.Match(files["p.go"]); got != c.want {
			t.Errorf("%s: jammed %v, want %v:\n%s", c.name, got, c.want, files["p.go"])
		}
	}
}

// TestCheckWidthsOnce: arrays of the same outer size are compared with
// the width once (go vet rejects a condition written twice, as the
// 4x4 matrix products of ht's model had it), and the runtime's
// checkWidth is called only under the condition.
func TestCheckWidthsOnce(t *testing.T) {
	g := newGen(&ir.Func{Name: "f", Body: &ir.Body{}})
	g.checkWidths(`"p"`, "map", "n", "", []string{"int64(4)", "int64(4)", "m"}, []string{"a", "b", "c"})
	want := "if n < 0 || int64(4) != n || m != n {\ncheckWidth(\"p\", \"map\", n, a, b, c)\n}\n"
	if got := g.buf.String(); got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
}

// TestBuiltInPlace: arrays that become part of another are built where
// they end up. The rows of an array literal of arrays are built in their
// rows of the literal (here itself a row of a map's result), so no row is
// built in scratch and copied (no grow); a loop or a reduction whose
// array result outlives its region keeps its two buffers in the worker's
// scratch and copies the result out (no fresh pair of buffers, `var tdb`,
// for every element).
func TestBuiltInPlace(t *testing.T) {
	for _, c := range []struct {
		name, src string
		absent    string
	}{
		{"literal rows", `
entry main [n] (xs: [n]f64) : [n][2][3]f64 =
  map (\x -> [map (\k -> x + f64.i64 k) (iota 3), map (\k -> x * f64.i64 k) (iota 3)]) xs`, "grow("},
		{"loop in a map", `
entry main [n] (xs: [n]f64) (m: i64) : [n][]f64 =
  map (\x -> loop acc = replicate m x for i < 5 do map (\a -> a * 0.5 + f64.i64 i) acc) xs`, "var tdb"},
		{"reduction in a map", `
entry main [n] (xs: [n]f64) (m: i64) : [n][3]f64 =
  map (\x -> reduce (map2 (+)) (replicate 3 0) (map (\k -> map (\j -> x * f64.i64 (k + j)) (iota 3)) (iota m))) xs`, "var tdb"},
	} {
		dc := diffCase{name: c.name, src: c.src}
		files, err := Generate(compileCase(t, &dc), "p")
		if err != nil {
			t.Fatal(err)
		}
		if strings.Contains(string(files["p.go"]), c.absent) {
			t.Errorf("%s: the generated code has %q:\n%s", c.name, c.absent, files["p.go"])
		}
	}
}

// TestStencilGroups checks which maps the stencil cases of TestDiff run
// as groups (the generated code names each group in a comment), so that
// those cases keep testing the groups: the maps an RK4 step reads
// shifted, the adjoint stages going down, groups that a shift by two or
// a shift the other way ends.
func TestStencilGroups(t *testing.T) {
	group := regexp.MustCompile(`// A stencil group of (\d+) maps, going (up|down), (\d+) warm steps`)
	for _, c := range []struct {
		name, src string
		want      []string // "MAPS DIR WARM" per group, in order
		prog      *ir.Program
	}{
		{name: "offset chain", want: []string{"4 up 2"}, prog: stencilOffsetChain()},
		{name: "rk4", src: stencilRK4, want: []string{"4 up 3", "4 up 3"}},
		{name: "down", src: stencilDown, want: []string{"3 down 2"}},
		{name: "shift by two", src: diffSource(t, "stencil shift by two"), want: []string{"2 up 1", "2 up 1"}},
		{name: "both ways", src: diffSource(t, "stencil both ways"), want: []string{"2 up 1", "2 down 1"}},
		{name: "gradient", src: diffSource(t, "stencil rk4 gradient")},
	} {
		dc := diffCase{name: c.name, src: c.src, prog: c.prog}
		files, err := Generate(compileCase(t, &dc), "p")
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, m := range group.FindAllStringSubmatch(string(files["p.go"]), -1) {
			got = append(got, m[1]+" "+m[2]+" "+m[3])
		}
		if c.want == nil {
			// The gradient: a group going down after the ones going up.
			if !slices.Contains(got, "4 up 3") || !slices.ContainsFunc(got, func(s string) bool { return strings.Contains(s, "down") }) {
				t.Errorf("%s: groups %q, want RK4 stages going up and adjoints going down", c.name, got)
			}
			continue
		}
		if !slices.Equal(got, c.want) {
			t.Errorf("%s: groups %q, want %q", c.name, got, c.want)
		}
	}
}

// diffSource is the source of the TestDiff case named name.
func diffSource(t *testing.T, name string) string {
	for _, c := range diffCases {
		if c.name == name {
			return c.src
		}
	}
	t.Fatalf("no TestDiff case %q", name)
	return ""
}
