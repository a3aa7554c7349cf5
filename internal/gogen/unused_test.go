package gogen

import (
	"go/ast"
	"go/parser"
	gotoken "go/token"
	"go/types"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// TestBlankUnused checks blankUnused against Go's own type checker: the
// result must have no "declared and not used" errors, and blanks go only
// to the variables that need them.
func TestBlankUnused(t *testing.T) {
	cases := []struct {
		name, body string
		blanks     []string // variables that get "_ = x"
	}{
		{"used", `x := 1; return x`, nil},
		{"unused", `x := 1; y := 2; return y`, []string{"x"}},
		{"assigned only", `var x int; x = 3; x++; x += 2; return 0`, []string{"x"}},
		{"field write reads", `var a struct{ f int }; a.f = 1; return 0`, nil},
		{"index write reads", `a := make([]int, 1); a[0] = 1; return 0`, nil},
		{"read in closure", `x := 1; f := func() int { return x }; return f()`, nil},
		{"unused in closure", `f := func() int { y := 2; return 0 }; return f()`, []string{"y"}},
		{"closure parameter", `f := func(p int) int { return 0 }; return f(1)`, nil},
		{"shadowed", `x := 1; { x := 2; _ = 0; }; return x`, []string{"x"}},
		{"shadow read", `x := 1; { x := x + 1; return x }`, nil},
		{"if init", "if x := 1; true {\nreturn 0\n}\nreturn 1", []string{"x"}},
		{"for init", "for i := 0; ; {\nreturn 0\n}", []string{"i"}},
		{"for counter", "s := 0\nfor i := 0; i < 3; i++ {\ns += 1\n}\nreturn s", nil},
		{"range", `s := 0; for k, v := range []int{1} { s++ }; return s`, []string{"k", "v"}},
		{"multi define", `a, b := 1, 2; return a`, []string{"b"}},
		{"redefine", `a := 1; a, b := 2, 3; return b`, []string{"a"}},
		{"switch init read", "switch x := 1; x {\ncase 1:\nreturn 0\n}\nreturn 1", nil},
		{"composite key", `type T struct{ v int }; v := 1; w := T{v: 2}; return w.v`, []string{"v"}},
		{"nested blocks", `y := 0; { z := 1; { _ = z } }; return 0`, []string{"y"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			src := "package p\n\nfunc f() int {\n" + c.body + "\n}\n"
			out, err := blankUnused([]byte(src))
			if err != nil {
				t.Fatalf("blankUnused: %v\n%s", err, src)
			}
			if errs := typeErrors(t, out); len(errs) > 0 {
				t.Fatalf("type errors after blanking:\n%s\n%s", strings.Join(errs, "\n"), out)
			}
			got := blanks(out)
			for _, v := range blanks([]byte(src)) {
				got = slices.Delete(got, slices.Index(got, v), slices.Index(got, v)+1)
			}
			want := slices.Sorted(slices.Values(c.blanks))
			if !slices.Equal(got, want) {
				t.Errorf("blanks %v, want %v\n%s", got, c.blanks, out)
			}
		})
	}
}

// blanks lists the variables of the "_ = x" statements in src, sorted.
func blanks(src []byte) []string {
	var out []string
	for _, m := range blankRE.FindAllStringSubmatch(string(src), -1) {
		out = append(out, m[1])
	}
	slices.Sort(out)
	return out
}

var blankRE = regexp.MustCompile(`\b_ = (\w+)`)

func typeErrors(t *testing.T, src []byte) []string {
	t.Helper()
	fset := gotoken.NewFileSet()
	f, err := parser.ParseFile(fset, "p.go", src, 0)
	if err != nil {
		t.Fatalf("parse: %v\n%s", err, src)
	}
	var errs []string
	conf := types.Config{Error: func(err error) { errs = append(errs, err.Error()) }}
	conf.Check("p", fset, []*ast.File{f}, nil)
	return errs
}
