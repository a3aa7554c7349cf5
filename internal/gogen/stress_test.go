package gogen

import (
	"fmt"
	"go/ast"
	"go/format"
	"go/parser"
	gotoken "go/token"
	"io/fs"
	"maps"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/fluxion-lang/fluxion/internal/ir"
	"github.com/fluxion-lang/fluxion/internal/pipeline"
	"github.com/fluxion-lang/fluxion/internal/values"
)

// TestBuildAllPrograms generates Go for every program of the repository
// (tests/, bench/, examples/) that compiles, and builds them all: whatever
// runs on the interpreter must build on the Go backend. The programs go
// into one module built with one go build (building is the slow part).
// Their test blocks run on the Go backend in cmd/fluxion's TestCorpusGo.
func TestBuildAllPrograms(t *testing.T) {
	if testing.Short() {
		t.Skip("builds every program of the repository with the Go toolchain")
	}
	var progs []*ir.Program
	var names []string
	rejected := 0
	for _, root := range []string{"../../tests", "../../bench", "../../examples"} {
		err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if d.IsDir() && d.Name() == "errors" {
				return filepath.SkipDir // programs that must be rejected
			}
			if d.IsDir() || !strings.HasSuffix(path, ".fut") {
				return nil
			}
			p, err := pipeline.CompileFile(path, pipeline.Options{})
			if err != nil {
				// Rejected before code generation (a compile-error test,
				// a library of a test): nothing to build.
				t.Logf("%s: %v", path, firstLine(err.Error()))
				rejected++
				return nil
			}
			progs = append(progs, p)
			names = append(names, path)
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	t.Logf("%d programs, %d rejected by the front end", len(progs), rejected)
	if len(progs) < 250 {
		t.Errorf("only %d programs compiled; is the repository being found?", len(progs))
	}
	buildModule(t, progs, names)
}

func firstLine(s string) string {
	line, _, _ := strings.Cut(s, "\n")
	return line
}

// buildModule generates progs and builds them as one package: the
// runtime once, and every program's entry file with its top-level names
// prefixed so that they do not clash (compiling the runtime hundreds of
// times would be most of the work). A failure names the programs whose
// code does not build.
func buildModule(t *testing.T, progs []*ir.Program, names []string) {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "all")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	write := func(name string, src []byte) {
		if err := os.WriteFile(filepath.Join(dir, name), src, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for i, p := range progs {
		files, err := Generate(p, "all")
		if err != nil {
			t.Errorf("%s: generate: %v", names[i], err)
			continue
		}
		for name, src := range files {
			if strings.HasPrefix(name, "rt_") {
				write(name, src) // the same for every program
				continue
			}
			src, err := prefixTopLevel(src, fmt.Sprintf("q%d_", i))
			if err != nil {
				t.Fatalf("%s: %v", names[i], err)
			}
			write(fmt.Sprintf("p%d.go", i), src)
		}
	}
	write("go.mod", []byte("module buildall\n\ngo 1.26\n"))
	build := exec.Command("go", "build", ".")
	build.Dir = dir
	out, err := build.CombinedOutput()
	if err == nil {
		return
	}
	// Name the programs whose files failed (errors start "./pN.go:").
	failed := map[string]bool{}
	for _, line := range strings.Split(string(out), "\n") {
		var i int
		if _, err := fmt.Sscanf(strings.TrimPrefix(line, "./"), "p%d.go:", &i); err == nil && i < len(names) {
			failed[names[i]] = true
		}
	}
	t.Errorf("go build: %v; programs whose Go does not build: %v\n%s", err, slices.Sorted(maps.Keys(failed)), out)
}

// prefixTopLevel renames the top-level functions and variables declared in
// the Go file src, and every use of them, by prefixing their names.
func prefixTopLevel(src []byte, prefix string) ([]byte, error) {
	fset := gotoken.NewFileSet()
	f, err := parser.ParseFile(fset, "", src, parser.ParseComments|parser.SkipObjectResolution)
	if err != nil {
		return nil, err
	}
	top := map[string]bool{}
	for _, d := range f.Decls {
		switch d := d.(type) {
		case *ast.FuncDecl:
			top[d.Name.Name] = true
		case *ast.GenDecl:
			for _, sp := range d.Specs {
				switch sp := sp.(type) {
				case *ast.ValueSpec:
					for _, n := range sp.Names {
						top[n.Name] = n.Name != "_"
					}
				case *ast.TypeSpec:
					top[sp.Name.Name] = true
				}
			}
		}
	}
	var rename func(ast.Node)
	rename = func(root ast.Node) {
		ast.Inspect(root, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.SelectorExpr: // x.f: f is a field or method
				rename(n.X)
				return false
			case *ast.KeyValueExpr: // T{f: v}: f is a field
				if _, ok := n.Key.(*ast.Ident); ok {
					rename(n.Value)
					return false
				}
			case *ast.Ident:
				if top[n.Name] {
					n.Name = prefix + n.Name
				}
			}
			return true
		})
	}
	rename(f)
	var b strings.Builder
	if err := format.Node(&b, fset, f); err != nil {
		return nil, err
	}
	return []byte(b.String()), nil
}

// TestStress runs generated programs of many shapes and nestings (maps of
// maps of loops, reductions over rows, scans, histograms and scatters in
// lambdas, sizes that only a type mentions, empty dimensions) on the
// interpreter and the Go backend, which must agree bit for bit at
// GOMAXPROCS 1 and 2 (see runCalls).
func TestStress(t *testing.T) {
	if testing.Short() {
		t.Skip("builds generated packages; skipped in -short mode")
	}
	const programs = 120
	r := rand.New(rand.NewPCG(18, 2026))
	elems := []string{"i32", "i64", "i8", "u16", "f32", "f64"}
	sizes := [][3]int64{{3, 2, 4}, {0, 2, 1}, {2, 0, 3}, {1, 1, 0}, {5, 3, 2}}
	var progs []*ir.Program
	var calls []diffCall
	for pi := range programs {
		elem := elems[pi%len(elems)]
		g := &stressGen{r: r, elem: elem}
		src := g.program(3 + pi%2)
		p, err := pipeline.CompileSource("stress.fut", []byte(src), nil, pipeline.Options{Verify: true})
		if err != nil {
			t.Fatalf("generated program %d does not compile (a bug of the generator or the compiler): %v\n%s", pi, err, src)
		}
		progs = append(progs, p)
		for _, nmk := range sizes {
			args, err := values.ParseText(stressInputs(elem, nmk))
			if err != nil {
				t.Fatal(err)
			}
			calls = append(calls, diffCall{name: fmt.Sprintf("stress %d %v", pi, nmk), prog: len(progs) - 1, entry: "main", args: args})
		}
		if testing.Verbose() {
			t.Logf("program %d:\n%s", pi, src)
		}
	}
	runCalls(t, progs, calls)
}

// stressInputs are the arguments of a generated program for the sizes
// n, m, k: small values whose sums are exact in every element type.
func stressInputs(elem string, nmk [3]int64) string {
	n, m, k := nmk[0], nmk[1], nmk[2]
	count := 0
	arr := func(dims ...int64) string {
		var rec func(ds []int64) string
		rec = func(ds []int64) string {
			if len(ds) == 0 {
				count++
				v := count % 5
				if elem[0] != 'u' {
					v -= 2
				}
				if elem[0] == 'f' {
					return fmt.Sprintf("%d.5%s", v, elem)
				}
				return fmt.Sprintf("%d%s", v, elem)
			}
			if slices.Contains(ds, 0) {
				return "empty(" + shapeText(ds) + elem + ")"
			}
			var parts []string
			for range ds[0] {
				parts = append(parts, rec(ds[1:]))
			}
			return "[" + strings.Join(parts, ", ") + "]"
		}
		return rec(dims)
	}
	return strings.Join([]string{arr(n, m), arr(n), arr(m), arr(m, k), arr(k, n, m), arr(), arr(2, n), "1i64"}, " ")
}

func shapeText(ds []int64) string {
	var b strings.Builder
	for _, d := range ds {
		fmt.Fprintf(&b, "[%d]", d)
	}
	return b.String()
}

// stressGen writes a random well-typed program over the element type elem
// whose entry point takes arrays of the sizes n, m and k.
type stressGen struct {
	r    *rand.Rand
	elem string
	env  []stressVar
	tmp  int
}

// stressVar is a variable in scope and its shape (sizes by name; none for
// a scalar of the element type).
type stressVar struct {
	name  string
	shape []string
}

var stressSizes = []string{"n", "m", "k"}

func (g *stressGen) program(depth int) string {
	g.env = []stressVar{
		{"xss", []string{"n", "m"}}, {"xs", []string{"n"}}, {"ys", []string{"m"}},
		{"yss", []string{"m", "k"}}, {"xsss", []string{"k", "n", "m"}}, {"s", nil},
		// p and q are the sizes of zss only: a lambda over its rows whose
		// body ignores them leaves q to the lambda's type alone.
		{"zss", []string{"p", "q"}},
	}
	want := g.shape(3)
	body := g.expr(want, depth)
	var params []string
	for _, v := range g.env {
		params = append(params, "("+v.name+": "+g.typ(v.shape)+")")
	}
	return fmt.Sprintf("entry main [n][m][k][p][q] %s (i: i64) : %s =\n  %s\n", strings.Join(params, " "), g.typ(want), body)
}

// shape picks a shape of rank at most max.
func (g *stressGen) shape(max int) []string {
	var s []string
	for range g.r.IntN(max + 1) {
		s = append(s, stressSizes[g.r.IntN(len(stressSizes))])
	}
	return s
}

func (g *stressGen) typ(shape []string) string {
	var b strings.Builder
	for _, d := range shape {
		b.WriteString("[" + d + "]")
	}
	return b.String() + g.elem
}

func (g *stressGen) fresh(base string) string {
	g.tmp++
	return fmt.Sprintf("%s%d", base, g.tmp)
}

// with runs f with v in scope.
func (g *stressGen) with(v stressVar, f func() string) string {
	g.env = append(g.env, v)
	defer func() { g.env = g.env[:len(g.env)-1] }()
	return f()
}

// expr returns an expression of the element type and the given shape,
// nesting at most depth constructs.
func (g *stressGen) expr(want []string, depth int) string {
	var forms []func() string
	for _, v := range g.env {
		if slices.Equal(v.shape, want) {
			forms = append(forms, func() string { return v.name })
		}
	}
	if depth > 0 {
		forms = append(forms, g.anyRank(want, depth)...)
		if len(want) == 0 {
			forms = append(forms, g.scalar(depth)...)
		} else {
			forms = append(forms, g.array(want, depth)...)
		}
	}
	if len(forms) == 0 {
		// Build it from the scalar parameter.
		e := "s"
		for k := len(want) - 1; k >= 0; k-- {
			e = "(replicate " + want[k] + " " + e + ")"
		}
		return e
	}
	return forms[g.r.IntN(len(forms))]()
}

func (g *stressGen) size() string { return stressSizes[g.r.IntN(len(stressSizes))] }

// anyRank are the constructs that give a value of any shape.
func (g *stressGen) anyRank(want []string, depth int) []func() string {
	d := depth - 1
	return []func() string{
		func() string { // a for loop whose body may read the accumulator
			acc := g.fresh("acc")
			init := g.expr(want, d)
			body := g.with(stressVar{acc, want}, func() string { return g.expr(want, d) })
			// The index is fresh: naming it after a size (q) would
			// shadow that size in the body's types.
			return fmt.Sprintf("(loop %s = %s for %s < 2 do %s)", acc, init, g.fresh("t"), body)
		},
		func() string { // a while loop
			acc, c := g.fresh("acc"), g.fresh("c")
			init := g.expr(want, d)
			body := g.with(stressVar{acc, want}, func() string { return g.expr(want, d) })
			r := g.fresh("r")
			return fmt.Sprintf("(let (%s, _) = loop (%s, %s) = (%s, 0i64) while %s < 2 do (%s, %s + 1) in %s)", r, acc, c, init, c, body, c, r)
		},
		func() string { // if on a size
			return fmt.Sprintf("(if %s > 1 then %s else %s)", g.size(), g.expr(want, d), g.expr(want, d))
		},
		func() string { // let of a value of another shape
			v := stressVar{g.fresh("v"), g.shape(2)}
			val := g.expr(v.shape, d)
			body := g.with(v, func() string { return g.expr(want, d) })
			return fmt.Sprintf("(let %s = %s in %s)", v.name, val, body)
		},
	}
}

// scalar are the constructs that give a scalar.
func (g *stressGen) scalar(depth int) []func() string {
	d := depth - 1
	return []func() string{
		func() string { return fmt.Sprintf("(reduce (+) 0 %s)", g.expr([]string{g.size()}, d)) },
		func() string {
			return fmt.Sprintf("(%s.sum (%s ++ %s))", g.elem, g.expr([]string{g.size()}, d), g.expr([]string{g.size()}, d))
		},
		func() string {
			return fmt.Sprintf("(reduce (+) 0 (filter (\\x -> x > 0) %s))", g.expr([]string{g.size()}, d))
		},
		func() string { // only the shape of the array matters
			return fmt.Sprintf("(%s.i64 (length %s))", g.elem, g.expr([]string{g.size(), g.size()}, d))
		},
		func() string { // may be out of bounds: both backends must fail alike
			t := g.fresh("t")
			return fmt.Sprintf("(let %s = %s in %s[i])", t, g.expr([]string{g.size()}, d), t)
		},
		func() string { // over the rows of zss, whose size q only the type names
			r := stressVar{g.fresh("r"), []string{"q"}}
			body := g.with(r, func() string { return g.expr(nil, d) })
			return fmt.Sprintf("(%s.sum (map (\\(%s: [q]%s) -> %s) zss))", g.elem, r.name, g.elem, body)
		},
		func() string { // the same, reading the row at an index
			r := g.fresh("r")
			return fmt.Sprintf("(%s.sum (map (\\(%s: [q]%s) -> %s[i]) zss))", g.elem, r, g.elem, r)
		},
		func() string { return fmt.Sprintf("(%s + %s)", g.expr(nil, d), g.expr(nil, d)) },
		func() string { return fmt.Sprintf("(%s.max %s %s)", g.elem, g.expr(nil, d), g.expr(nil, d)) },
	}
}

// array are the constructs that give an array of shape want.
func (g *stressGen) array(want []string, depth int) []func() string {
	d := depth - 1
	outer, rest := want[0], want[1:]
	forms := []func() string{
		func() string { // map over an array with the right outer size
			row := append([]string(nil), g.shape(2)...)
			src := g.expr(append([]string{outer}, row...), d)
			p := stressVar{g.fresh("p"), row}
			body := g.with(p, func() string { return g.expr(rest, d) })
			return fmt.Sprintf("(map (\\(%s: %s) -> %s) %s)", p.name, g.typ(row), body, src)
		},
		func() string { // map over iota, the index converted
			j, p := g.fresh("j"), g.fresh("p")
			body := g.with(stressVar{p, nil}, func() string { return g.expr(rest, d) })
			return fmt.Sprintf("(map (\\(%s: i64) -> let %s = %s.i64 %s in %s) (iota %s))", j, p, g.elem, j, body, outer)
		},
		func() string { return fmt.Sprintf("(replicate %s %s)", outer, g.expr(rest, d)) },
	}
	if len(rest) == 0 {
		forms = append(forms,
			func() string { return fmt.Sprintf("(scan (+) 0 %s)", g.expr(want, d)) },
			func() string {
				k := g.size()
				return fmt.Sprintf("(reduce (map2 (+)) (replicate %s 0) %s)", outer, g.expr([]string{k, outer}, d))
			},
			func() string {
				k, j := g.size(), g.fresh("j")
				return fmt.Sprintf("(reduce_by_index (replicate %s 0) (+) 0 (map (\\%s -> %s %% (%s + 1)) (iota %s)) %s)", outer, j, j, outer, k, g.expr([]string{k}, d))
			},
			func() string {
				k, j := g.size(), g.fresh("j")
				return fmt.Sprintf("(scatter (copy %s) (map (\\%s -> (%s * 3) %% (%s + 1)) (iota %s)) %s)", g.expr(want, d), j, j, outer, k, g.expr([]string{k}, d))
			},
			func() string { return fmt.Sprintf("(map2 (+) %s %s)", g.expr(want, d), g.expr(want, d)) },
		)
	}
	if len(rest) == 1 {
		forms = append(forms, func() string { return fmt.Sprintf("(transpose %s)", g.expr([]string{rest[0], outer}, d)) })
	}
	return forms
}
