package gogen

import (
	"fmt"
	"go/format"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/fluxion-lang/fluxion/internal/interp"
	"github.com/fluxion-lang/fluxion/internal/ir"
	"github.com/fluxion-lang/fluxion/internal/pipeline"
	"github.com/fluxion-lang/fluxion/internal/prim"
	"github.com/fluxion-lang/fluxion/internal/values"
)

// diffCase is a program run by both the interpreter and generated code.
type diffCase struct {
	name string
	src  string   // source of a program whose entry point is main
	args []string // arguments in the textual value format
	prog *ir.Program
	// cores compares the runs at GOMAXPROCS 1 and 2 with each other bit
	// for bit, and with the interpreter only within a relative 1e-9
	// (nearClose): a parallel float scan's last bits depend on its
	// chunks, which the interpreter does not have. Its results must be
	// f64 scalars.
	cores bool
}

// formatScalar prints a scalar so that equal strings mean equal bits.
func formatScalar(v prim.Value) string {
	t := v.Type()
	switch {
	case t.IsSigned():
		return fmt.Sprint(v.Int())
	case t.IsUnsigned(), t == prim.F16:
		return fmt.Sprint(v.Bits())
	case t.IsFloat():
		return fmt.Sprintf("%x", v.Bits())
	}
	return fmt.Sprint(v.Bool())
}

func formatInterp(vs []interp.Value) string {
	var parts []string
	for _, v := range vs {
		if v.Arr == nil {
			parts = append(parts, formatScalar(v.Scalar))
			continue
		}
		var el []string
		for _, x := range v.Arr.Data {
			el = append(el, formatScalar(x))
		}
		parts = append(parts, fmt.Sprintf("%v{%s}", v.Arr.Shape, strings.Join(el, " ")))
	}
	return strings.Join(parts, " | ")
}

// goLiteral renders an argument as a Go expression in the driver, with
// pkg qualifying the generated package's types.
func goLiteral(v values.Value, pkg string) string {
	lit := func(x prim.Value) string {
		s := literal(x)
		if x.Type() == prim.F16 {
			s = pkg + "." + s
		}
		return s
	}
	if v.IsScalar() {
		return lit(v.Scalar())
	}
	var el []string
	for i := range v.Len() {
		el = append(el, lit(v.Get(i)))
	}
	t := goScalar(v.Elem())
	if v.Elem() == prim.F16 {
		t = pkg + "." + t
	}
	var dims []string
	for _, d := range v.Shape() {
		dims = append(dims, fmt.Sprint(d))
	}
	return fmt.Sprintf("%s.Array[%s]{Shape: []int64{%s}, Data: []%s{%s}}", pkg, t, strings.Join(dims, ", "), t, strings.Join(el, ", "))
}

const driverFormat = `
func format(x any) string {
	v := reflect.ValueOf(x)
	if v.Kind() == reflect.Struct {
		shape := v.FieldByName("Shape").Interface().([]int64)
		data := v.FieldByName("Data")
		var el []string
		for i := 0; i < data.Len(); i++ {
			el = append(el, scalar(data.Index(i)))
		}
		return fmt.Sprintf("%v{%s}", shape, strings.Join(el, " "))
	}
	return scalar(v)
}

func scalar(v reflect.Value) string {
	switch v.Kind() {
	case reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return fmt.Sprint(v.Int())
	case reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return fmt.Sprint(v.Uint())
	case reflect.Float32:
		return fmt.Sprintf("%x", math.Float32bits(float32(v.Float())))
	case reflect.Float64:
		return fmt.Sprintf("%x", math.Float64bits(v.Float()))
	}
	return fmt.Sprint(v.Bool())
}

// again shows a second call's results: an error if they share storage
// with the first call's, which the caller still holds.
func again(name string, first, second []any) {
	seen := map[uintptr]bool{}
	for _, r := range first {
		if v := reflect.ValueOf(r); v.Kind() == reflect.Struct && v.FieldByName("Data").Len() > 0 {
			seen[v.FieldByName("Data").Pointer()] = true
		}
	}
	for _, r := range second {
		if v := reflect.ValueOf(r); v.Kind() == reflect.Struct && v.FieldByName("Data").Len() > 0 && seen[v.FieldByName("Data").Pointer()] {
			fmt.Printf("%s: the results of two calls share storage\n", name)
		}
	}
}

func show(name string, res []any, err error) {
	if err != nil {
		fmt.Printf("%s: error: %v\n", name, err)
		return
	}
	var parts []string
	for _, r := range res {
		parts = append(parts, format(r))
	}
	fmt.Printf("%s: %s\n", name, strings.Join(parts, " | "))
}
`

// runDiff compiles every case, generates all of them into one module,
// builds it once and compares the outputs at GOMAXPROCS 1 and 2 with the
// interpreter's.
func runDiff(t *testing.T, cases []diffCase) {
	t.Helper()
	var progs []*ir.Program
	var calls []diffCall
	for i := range cases {
		c := &cases[i]
		c.prog = compileCase(t, c)
		var vals []values.Value
		for _, a := range c.args {
			vs, err := values.ParseText(a)
			if err != nil {
				t.Fatalf("%s: bad argument %q: %v", c.name, a, err)
			}
			vals = append(vals, vs...)
		}
		progs = append(progs, c.prog)
		calls = append(calls, diffCall{name: c.name, prog: i, entry: c.prog.Funcs[0].Name, args: vals, cores: c.cores})
	}
	runCalls(t, progs, calls)
}

// diffCall is one call of an entry point of progs[prog].
type diffCall struct {
	name  string
	prog  int
	entry string
	args  []values.Value
	cores bool // see diffCase.cores
}

// runCalls generates every program into one module, builds it once, runs
// every call at GOMAXPROCS 1 and 2 and compares with the interpreter.
// Every program is generated sharing the runtime (package sK, which
// imports this repository's rt), and every embedEvery-th one (the first
// among them) also embedding it (package pK): the two differ only in how
// the code names the runtime, and a copy of the runtime per program would
// take most of the build's time.
func runCalls(t *testing.T, progs []*ir.Program, calls []diffCall) {
	t.Helper()
	dir := t.TempDir()
	write := func(name, src string) {
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	write("go.mod", "module difftest\n\ngo 1.26\n\nrequire github.com/fluxion-lang/fluxion v0.0.0\n\nreplace github.com/fluxion-lang/fluxion => "+strconv.Quote(root)+"\n")
	var main strings.Builder
	main.WriteString("package main\n\nimport (\n\t\"fmt\"\n\t\"math\"\n\t\"reflect\"\n\t\"strings\"\n")
	interps := make([]*interp.Program, len(progs))
	for i, p := range progs {
		if embeds(i) {
			fmt.Fprintf(&main, "\tp%d \"difftest/p%d\"\n", i, i)
		}
		fmt.Fprintf(&main, "\ts%d \"difftest/s%d\"\n", i, i)
		ip, err := interp.Compile(p)
		if err != nil {
			t.Fatalf("program %d: interp: %v", i, err)
		}
		interps[i] = ip
		for _, shared := range []bool{false, true} {
			if !shared && !embeds(i) {
				continue
			}
			pkg := fmt.Sprintf("p%d", i)
			if shared {
				pkg = fmt.Sprintf("s%d", i)
			}
			files, err := GenerateWith(p, pkg, Options{SharedRuntime: shared})
			if err != nil {
				t.Fatalf("program %d: generate: %v", i, err)
			}
			for name, src := range files {
				write(filepath.Join(pkg, name), string(src))
			}
		}
	}
	main.WriteString(")\n" + driverFormat + "\nfunc main() {\n")
	want := map[string]string{}
	for _, c := range calls {
		in, err := interp.FromValues(c.args)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		res, err := interps[c.prog].Run(c.entry, in)
		if err != nil {
			want[c.name] = "error: " + err.Error()
		} else {
			want[c.name] = formatInterp(res)
		}
		want[c.name+sharedSuffix] = want[c.name]
		pkgs := []string{fmt.Sprintf("s%d", c.prog)}
		if embeds(c.prog) {
			pkgs = append(pkgs, fmt.Sprintf("p%d", c.prog))
		}
		for _, pkg := range pkgs {
			var args []string
			for _, v := range c.args {
				args = append(args, goLiteral(v, pkg))
			}
			name := c.name
			if pkg[0] == 's' {
				name += sharedSuffix
			}
			// A second call reuses the first's scratch storage: the
			// first's results must not be in it.
			call := fmt.Sprintf("%s.Entries[%q].Call([]any{%s})", pkg, c.entry, strings.Join(args, ", "))
			fmt.Fprintf(&main, "\t{\n\t\tres, err := %s\n\t\tres2, _ := %s\n\t\tagain(%q, res, res2)\n\t\tshow(%q, res, err)\n\t}\n", call, call, name+"/again", name)
		}
	}
	main.WriteString("}\n")
	write("main.go", main.String())
	bin := filepath.Join(dir, "difftest.bin")
	// FLUXION_GOGEN_RACE=1 builds with the race detector, which checks
	// that workers never share scratch storage.
	buildArgs := []string{"build", "-o", bin}
	if os.Getenv("FLUXION_GOGEN_RACE") != "" {
		buildArgs = append(buildArgs, "-race")
	}
	build := exec.Command("go", append(buildArgs, ".")...)
	build.Dir = dir
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	vet := exec.Command("go", "vet", "./...")
	vet.Dir = dir
	if out, err := vet.CombinedOutput(); err != nil {
		t.Errorf("go vet: %v\n%s", err, out)
	}
	var outs []map[string]string
	for _, procs := range []string{"1", "2"} {
		cmd := exec.Command(bin)
		cmd.Env = append(os.Environ(), "GOMAXPROCS="+procs)
		out, err := cmd.Output()
		if err != nil {
			t.Fatalf("run with GOMAXPROCS=%s: %v\n%s", procs, err, out)
		}
		got := map[string]string{}
		for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
			name, rest, _ := strings.Cut(line, ": ")
			if strings.HasSuffix(name, "/again") {
				t.Errorf("%s (GOMAXPROCS=%s): %s", strings.TrimSuffix(name, "/again"), procs, rest)
				continue
			}
			got[name] = rest
		}
		for _, c := range calls {
			names := []string{c.name + sharedSuffix}
			if embeds(c.prog) {
				names = append(names, c.name)
			}
			for _, name := range names {
				if c.cores {
					if !nearClose(got[name], want[name]) {
						t.Errorf("%s (GOMAXPROCS=%s), within 1e-9:\n got  %s\n want %s", name, procs, got[name], want[name])
					}
					continue
				}
				if got[name] != want[name] {
					t.Errorf("%s (GOMAXPROCS=%s):\n got  %s\n want %s", name, procs, got[name], want[name])
				}
			}
		}
		outs = append(outs, got)
	}
	for _, c := range calls {
		if name := c.name + sharedSuffix; outs[0][name] != outs[1][name] {
			t.Errorf("%s: results differ between 1 and 2 cores", c.name)
		}
	}
}

// nearClose reports whether got and want, results of f64 scalars as
// formatScalar prints them, agree within a relative 1e-9.
func nearClose(got, want string) bool {
	g, w := strings.Split(got, " | "), strings.Split(want, " | ")
	if len(g) != len(w) {
		return false
	}
	for k := range g {
		// An array prints as [shape]{bits bits ...}, a scalar as its bits.
		gs, ws := strings.Fields(elemBits(g[k])), strings.Fields(elemBits(w[k]))
		if len(gs) != len(ws) || shapeOf(g[k]) != shapeOf(w[k]) {
			return false
		}
		for i := range gs {
			a, err1 := strconv.ParseUint(gs[i], 16, 64)
			b, err2 := strconv.ParseUint(ws[i], 16, 64)
			if err1 != nil || err2 != nil {
				return false
			}
			x, y := math.Float64frombits(a), math.Float64frombits(b)
			if math.Abs(x-y) > 1e-9*max(math.Abs(x), math.Abs(y)) {
				return false
			}
		}
	}
	return true
}

// elemBits is the elements' bits of a printed value (see nearClose).
func elemBits(v string) string {
	if i := strings.IndexByte(v, '{'); i >= 0 && strings.HasSuffix(v, "}") {
		return v[i+1 : len(v)-1]
	}
	return v
}

// shapeOf is the shape of a printed array, "" for a scalar.
func shapeOf(v string) string {
	if i := strings.IndexByte(v, '{'); i >= 0 {
		return v[:i]
	}
	return ""
}

// embedEvery: runCalls generates programs 0, embedEvery, 2*embedEvery, ...
// with an embedded runtime as well.
const embedEvery = 8

func embeds(prog int) bool { return prog%embedEvery == 0 }

// sharedSuffix marks the calls of the packages sharing the runtime.
const sharedSuffix = " (shared runtime)"

// compileCase returns the program of c, compiling its source if needed.
func compileCase(t *testing.T, c *diffCase) *ir.Program {
	t.Helper()
	if c.prog != nil {
		return c.prog
	}
	p, err := pipeline.CompileSource("t.fut", []byte(c.src), nil, pipeline.Options{Verify: true})
	if err != nil {
		t.Fatalf("%s: compile: %v", c.name, err)
	}
	return p
}

func formatSource(src []byte) ([]byte, error) { return format.Source(src) }

func TestNearClose(t *testing.T) {
	bits := func(xs ...float64) string {
		var parts []string
		for _, x := range xs {
			parts = append(parts, fmt.Sprintf("%x", math.Float64bits(x)))
		}
		return strings.Join(parts, " | ")
	}
	arr := func(shape string, xs ...float64) string {
		var parts []string
		for _, x := range xs {
			parts = append(parts, fmt.Sprintf("%x", math.Float64bits(x)))
		}
		return shape + "{" + strings.Join(parts, " ") + "}"
	}
	for _, c := range []struct {
		got, want string
		ok        bool
	}{
		{bits(1.5, -2), bits(1.5, -2), true},
		{bits(1e5 * (1 + 1e-12)), bits(1e5), true},
		{bits(0), bits(0), true},
		{bits(1 + 1e-6), bits(1), false},
		{bits(1, 2), bits(1), false},
		{bits(0), bits(1e-300), false},
		{"error: Index [3] out of bounds", bits(1), false},
		// Arrays: every element near, and the same shape.
		{arr("[2]", 1, 2.5), arr("[2]", 1, 2.5*(1+1e-12)), true},
		{arr("[2]", 1, 2.5) + " | " + bits(3), arr("[2]", 1, 2.5) + " | " + bits(3), true},
		{arr("[2]", 1, 2.5), arr("[2]", 1, 2.6), false},
		{arr("[2]", 1, 2.5), arr("[1][2]", 1, 2.5), false},
		{arr("[2]", 1, 2.5), arr("[3]", 1, 2.5, 0), false},
	} {
		if got := nearClose(c.got, c.want); got != c.ok {
			t.Errorf("nearClose(%q, %q) = %v, want %v", c.got, c.want, got, c.ok)
		}
	}
}
