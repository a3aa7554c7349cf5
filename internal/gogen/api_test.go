package gogen

import (
	"bytes"
	"flag"
	"go/ast"
	"go/format"
	"go/parser"
	gotoken "go/token"
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/fluxion-lang/fluxion/internal/interp"
	"github.com/fluxion-lang/fluxion/internal/pipeline"
	"github.com/fluxion-lang/fluxion/internal/values"
)

var update = flag.Bool("update", false, "rewrite golden files")

// TestAPIGolden compares the API that testdata/api.fut gets, every
// declaration of the generated entry-point file but the functions' bodies
// (fnN_...), with testdata/api.golden, and that of the package sharing the
// runtime, with its aliases of the runtime's API, with
// testdata/api_shared.golden (go test -run TestAPIGolden -update rewrites
// them).
func TestAPIGolden(t *testing.T) {
	src, err := os.ReadFile("testdata/api.fut")
	if err != nil {
		t.Fatal(err)
	}
	p, err := pipeline.CompileSource("api.fut", src, nil, pipeline.Options{Verify: true})
	if err != nil {
		t.Fatal(err)
	}
	for _, shared := range []bool{false, true} {
		files, err := GenerateWith(p, "api", Options{SharedRuntime: shared})
		if err != nil {
			t.Fatal(err)
		}
		got := apiOf(t, files["api.go"])
		golden := "testdata/api.golden"
		if shared {
			// The runtime's revision changes with its sources, not with
			// the API.
			got = regexp.MustCompile(`Revision[0-9a-f]{12}`).ReplaceAll(got, []byte("Revision000000000000"))
			got = append(got, files["rt_api.go"]...)
			golden = "testdata/api_shared.golden"
		}
		if *update {
			if err := os.WriteFile(golden, got, 0o644); err != nil {
				t.Fatal(err)
			}
		}
		want, err := os.ReadFile(golden)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got, want) {
			t.Errorf("the API differs from %s (-update rewrites it):\n%s", golden, got)
		}
	}
}

// apiOf prints the declarations of a generated file but the function
// bodies of the program's functions.
func apiOf(t *testing.T, src []byte) []byte {
	t.Helper()
	fset := gotoken.NewFileSet()
	f, err := parser.ParseFile(fset, "api.go", src, parser.ParseComments)
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	for _, d := range f.Decls {
		if fd, ok := d.(*ast.FuncDecl); ok && strings.HasPrefix(fd.Name.Name, "fn") {
			continue
		}
		if err := format.Node(&b, fset, d); err != nil {
			t.Fatal(err)
		}
		b.WriteString("\n\n")
	}
	return b.Bytes()
}

// TestSourceSizeNamesInErrors checks the interpreter's side of argument
// errors (TestDiff checks that generated code says the same): the
// parameter's type as the source writes it, never internal size names.
func TestSourceSizeNamesInErrors(t *testing.T) {
	for _, tc := range []struct{ src, args, want string }{
		{`entry main [m] (a: [m][]f64) (b: [m]f64) = map2 (\r x -> f64.sum r + x) a b`, "[1.0, 2.0] [3.0, 4.0]",
			"argument 1 of main: got an array of shape [2]f64, want a value of type [m][]f64"},
		{`entry main [m] (a: [m][]f64) (b: [m]f64) = map2 (\r x -> f64.sum r + x) a b`, "[[1.0], [2.0]] [3.0]",
			"argument 2 of main: got an array of shape [1]f64, want a value of type [m]f64 (m = 2)"},
		{`entry main (n: i64) (xs: [n]f64) = f64.sum xs`, "3i64 [1.0]",
			"argument 2 of main: got an array of shape [1]f64, want a value of type [n]f64 (n = 3)"},
		{`entry main (a: [3]f64) = f64.sum a`, "[1.0, 2.0]",
			"argument 1 of main: got an array of shape [2]f64, want a value of type [3]f64"},
	} {
		p, err := pipeline.CompileSource("t.fut", []byte(tc.src), nil, pipeline.Options{Verify: true})
		if err != nil {
			t.Fatal(err)
		}
		ip, err := interp.Compile(p)
		if err != nil {
			t.Fatal(err)
		}
		args, err := values.ParseText(tc.args)
		if err != nil {
			t.Fatal(err)
		}
		iargs, err := interp.FromValues(args)
		if err != nil {
			t.Fatal(err)
		}
		_, err = ip.Run("main", iargs)
		if err == nil || err.Error() != tc.want {
			t.Errorf("%s on %s: got error %v, want %q", tc.src, tc.args, err, tc.want)
		}
	}
}
