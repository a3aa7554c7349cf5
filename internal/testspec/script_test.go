package testspec

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/fluxion-lang/fluxion/internal/prim"
	"github.com/fluxion-lang/fluxion/internal/values"
)

func TestParseScript(t *testing.T) {
	tests := []struct {
		src  string
		want string // ScriptText of the result, or "error: " and a substring
	}{
		{"f 1 2", "f 1i32 2i32"},
		{"f (g 1i64) [1.5, 2.5] true", "f (g 1i64) [1.5f64, 2.5f64] true"},
		{"(1, 2f32)", "(1i32, 2f32)"},
		{"((1))", "1i32"},
		{"{ y = 1, x = f 2 }", "{y = 1i32, x = f 2i32}"},
		{"let (a, b) = f 1 in g b a", "let (a, b) = f 1i32 in g b a"},
		{"let x = 1 in let y = f x in (x, y)", "let x = 1i32 in let y = f x in (x, y)"},
		{"f (let x = 1 in x)", "f (let x = 1i32 in x)"},
		{`$loaddata "data/x.in"`, `$loaddata "data/x.in"`},
		{`g ($loadbytes "a b.txt")`, `g ($loadbytes "a b.txt")`},
		{"empty([0]i32)", "empty([0]i32)"},
		{"f empty([2][0]f32) -3 -f64.inf f32.nan 0x10u8 1e3", "f empty([2][0]f32) -3i32 -f64.inf f32.nan 16u8 1000f64"},
		{"[[1, 2], [3, 4]]", "[[1i32, 2i32], [3i32, 4i32]]"},
		{"main'", "main'"},
		{"\n  f\n  1\n", "f 1i32"},

		{"", "error: 1:1: expected an expression, found end of input"},
		{"f 1 )", "error: unexpected `)`"},
		{"1 2", "error: only entry points can be applied"},
		{"(1, 2", "error: expected `,`, found end of input"},
		{"()", "error: empty tuple"},
		{"[]", "error: empty([0]t)"},
		{"{x = 1, x = 2}", "error: field x appears twice"},
		{"{1 = 2}", "error: expected a field name"},
		{"let = 1 in 2", "error: expected a name in the pattern"},
		{"let x = f 1", "error: expected `in`, found end of input"},
		{"let x = 1 2", "error: only entry points can be applied"},
		{"let (x y) = 1 in x", "error: expected `,`"},
		{"in", "error: unexpected `in`"},
		{"f32.sum xs", `error: unknown name "f32.sum"`},
		{"$ 1", "error: expected a builtin name"},
		{`f "abc`, "error: malformed string"},
		{"f 1.5.5", "error: "},
		{"empty([0]i32", "error: missing `)`"},
		{"f ; 1", "error: 1:3: unexpected character ';'"},
		{strings.Repeat("(", 300) + "1" + strings.Repeat(")", 300), "error: nested too deeply"},
	}
	for _, tt := range tests {
		e, err := ParseScript(tt.src, Pos{"p.fut", 1, 1})
		if want, ok := strings.CutPrefix(tt.want, "error: "); ok {
			if err == nil || !strings.Contains(err.Error(), want) || !strings.HasPrefix(err.Error(), "p.fut:") {
				t.Errorf("ParseScript(%q) = %v, %v; want an error containing %q", tt.src, e, err, want)
			}
			continue
		}
		if err != nil {
			t.Errorf("ParseScript(%q): %v", tt.src, err)
			continue
		}
		if got := ScriptText(e); got != tt.want {
			t.Errorf("ParseScript(%q) prints as %q, want %q", tt.src, got, tt.want)
		}
		// The printed form parses to the same expression.
		again, err := ParseScript(ScriptText(e), Pos{"p.fut", 1, 1})
		if err != nil || ScriptText(again) != tt.want {
			t.Errorf("%q does not read back: %v", tt.want, err)
		}
	}
}

// scriptProgram has entry points computed by Go functions, with the
// number of parameters they check.
func scriptProgram() *fakeProgram {
	i64 := func(v Value) int64 { return v.Scalar().Int() }
	mk := func(x int64) Value { return values.Scalar(prim.IntValue(prim.I64, x)) }
	arity := func(n int, f func([]Value) ([]Value, error)) func([]Value) ([]Value, error) {
		return func(args []Value) ([]Value, error) {
			if len(args) != n {
				return nil, &badArgs{"wrong number of arguments"}
			}
			return f(args)
		}
	}
	return &fakeProgram{entries: map[string]func([]Value) ([]Value, error){
		// pair x = (x, 10*x)
		"pair": arity(1, func(a []Value) ([]Value, error) { return []Value{mk(i64(a[0])), mk(10 * i64(a[0]))}, nil }),
		// sub x y = x - y
		"sub": arity(2, func(a []Value) ([]Value, error) { return []Value{mk(i64(a[0]) - i64(a[1]))}, nil }),
		// len xs = the number of elements
		"len":  arity(1, func(a []Value) ([]Value, error) { return []Value{mk(int64(a[0].Len()))}, nil }),
		"boom": arity(0, func(a []Value) ([]Value, error) { return nil, errors.New("boom at p.fut:3:4") }),
	}}
}

func TestEvalScript(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "two.in"), []byte("3i64 [1u8, 2u8]"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "one.in"), []byte("7i64"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "bytes.bin"), []byte("hello"), 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		src  string
		want string // the argument list, or "error: " and a substring
	}{
		{"1i64", "1i64"},
		{"(1i64, 2i64)", "1i64 2i64"},
		{"sub 5i64 3i64", "2i64"},
		{"pair 4i64", "4i64 40i64"},
		{"sub (pair 4i64)", "-36i64"},                            // a tuple argument gives two arguments
		{"let (a, b) = pair 2i64 in sub b a", "18i64"},           // 20 - 2
		{"let p = pair 2i64 in (sub p, p)", "-18i64 2i64 20i64"}, // nested tuples flatten
		{"sub {y = 1i64, x = 5i64}", "4i64"},                     // records in field-name order
		{"[sub 3i64 1i64, sub 5i64 1i64]", "[2i64, 4i64]"},
		{"[[1, 2], [3, 4]]", "[[1i32, 2i32], [3i32, 4i32]]"},
		{`$loaddata "one.in"`, "7i64"},
		{`let (n, bs) = $loaddata "two.in" in (len bs, n)`, "2i64 3i64"},
		{`len ($loadbytes "bytes.bin")`, "5i64"},
		{`$loadbytes "bytes.bin"`, "[104u8, 101u8, 108u8, 108u8, 111u8]"},

		{"sub 1i64", "error: calling sub: wrong number of arguments"},
		{"nosuch 1", "error: calling nosuch: no entry point nosuch"},
		{"boom", "error: p.fut:1:1: calling boom: boom at p.fut:3:4"},
		{"let (a, b, c) = pair 1i64 in a", "error: the pattern binds 3 names"},
		{"let x = 1i64 in x 2", "error: x is a variable"},
		{"[1, 2i64]", "error: element 0 is i32, element 1 is i64"},
		{"[[1], [2, 3]]", "error: element 0 is [1]i32, element 1 is [2]i32"},
		{"[pair 1i64]", "error: element 0 of the array is not a value"},
		{`"text"`, "error: a string can only be the argument"},
		{`$loaddata "nosuch.in"`, "error: $loaddata: open"},
		{`$loaddata 1`, "error: $loaddata takes one argument, a file name"},
		{`$loadimg "x.png"`, "error: unknown builtin $loadimg"},
	}
	prog := scriptProgram()
	for _, tt := range tests {
		checkScript(t, prog, dir, tt.src, tt.want)
	}
}

// groupedProgram is a fakeProgram whose entry points may return opaque
// values of several results (ResultGrouper).
type groupedProgram struct {
	*fakeProgram
	parts map[string][]int
}

func (p groupedProgram) ResultParts(entry string) []int { return p.parts[entry] }

// TestEvalScriptOpaque checks that an opaque value (several results of a
// call) stays whole: a pattern binds it to one name, an array stacks
// opaque values part by part, and it is passed on as its parts.
func TestEvalScriptOpaque(t *testing.T) {
	mk := func(x int64) Value { return values.Scalar(prim.IntValue(prim.I64, x)) }
	prog := groupedProgram{&fakeProgram{entries: map[string]func([]Value) ([]Value, error){
		// opq x = (an opaque value of parts x and 2x, then x+1)
		"opq": func(a []Value) ([]Value, error) {
			x := a[0].Scalar().Int()
			return []Value{mk(x), mk(2 * x), mk(x + 1)}, nil
		},
		// one x = an opaque value of parts x and -x alone
		"one": func(a []Value) ([]Value, error) {
			x := a[0].Scalar().Int()
			return []Value{mk(x), mk(-x)}, nil
		},
		"id": func(a []Value) ([]Value, error) { return a, nil },
	}}, map[string][]int{"opq": {2, 1}, "one": {2}}}
	tests := []struct{ src, want string }{
		{"opq 3i64", "3i64 6i64 4i64"},
		{"let (o, n) = opq 3i64 in (n, o)", "4i64 3i64 6i64"},
		{"let (o, n) = opq 3i64 in id o", "3i64 6i64"},
		{"let (o, n) = opq 1i64 in [o, o, one 5i64]", "[1i64, 1i64, 5i64] [2i64, 2i64, -5i64]"},
		{"let o = one 2i64 in (o, o)", "2i64 -2i64 2i64 -2i64"},
		{"let (a, b) = one 2i64 in a", "error: the pattern binds 2 names"},
		{"[one 1i64, 3i64]", "error: element 1 is not"},
	}
	for _, tt := range tests {
		checkScript(t, prog, t.TempDir(), tt.src, tt.want)
	}
}

// TestScriptCases runs script inputs and outputs, structure clauses and
// warning expectations through the runner.
func TestScriptCases(t *testing.T) {
	dir := writeFiles(t, map[string]string{
		"s.fut": `-- ==
-- structure { Screma 1 }
-- structure gpu { SegMap 2 SegRed/Screma 1 }
-- entry: sub
-- script input { pair 3i64 } output { -27i64 }
-- "named" script input { let (a, b) = pair 1i64 in (b, a) } output { 9i64 }
-- script input {
--   (sub { x = 5i64,
--          y = 2i64 }, 1i64) }
-- script output { sub 4i64 2i64 }
-- script input @ in.script output { 1i64 }
-- script input { sub 1i64 } output { 0i64 }
-- script input { boom } error: .*
`,
		"in.script": "(3i64, 2i64)\n",
		"structure_only.fut": `-- ==
-- structure { Map 1 }
`,
		"warned.fut": `-- ==
-- warning: unused.*x
-- warning: shadow
-- entry: sub
-- input { 1i64 1i64 } output { 0i64 }
`,
	})
	b := &fakeBackend{name: "fake", programs: map[string]*fakeProgram{"s.fut": scriptProgram()}}
	r := &Runner{Backend: b}
	rep, err := r.Run([]string{dir})
	if err != nil {
		t.Fatal(err)
	}
	got := strings.Split(outcomes(rep), "\n")
	want := []string{
		"s.fut sub b0#0 pass",
		"s.fut sub b0#1 pass",
		"s.fut sub b0#2 pass",
		"s.fut sub b0#3 pass",
		"s.fut sub b0#4 fail: invalid script input:",
		"s.fut sub b0#5 fail: " + dir + "/s.fut:13:19: calling boom: boom at p.fut:3:4",
	}
	for _, w := range want {
		found := false
		for _, g := range got {
			if strings.HasPrefix(g, w) {
				found = true
			}
		}
		if !found {
			t.Errorf("no result %q in\n%s", w, strings.Join(got, "\n"))
		}
	}
	var warned []Result
	for _, res := range rep.Results {
		if filepath.Base(res.File) == "warned.fut" && res.Case == nil {
			warned = append(warned, res)
		}
	}
	if len(warned) != 1 || warned[0].Outcome != Fail || !strings.Contains(warned[0].Reason, `no warning matches "unused.*x"`) ||
		!strings.Contains(warned[0].Reason, "the compiler gave no warnings") {
		t.Errorf("warnings of a program without any: %+v", warned)
	}
	names := map[string]bool{}
	for _, c := range mustParse(t, filepath.Join(dir, "s.fut")).Cases {
		names[c.DatasetName()] = true
	}
	for _, n := range []string{"pair 3i64", "named", "(sub {x = 5i64, y = 2i64}, 1i64)", "in.script"} {
		if !names[n] {
			t.Errorf("no dataset named %q among %v", n, names)
		}
	}
}

func mustParse(t *testing.T, path string) *Spec {
	t.Helper()
	s, err := ParseFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// warningProgram is a program with compiler warnings.
type warningProgram struct {
	fakeProgram
	warnings []string
}

func (p *warningProgram) Warnings() []string { return p.warnings }

type warningBackend struct{ fakeBackend }

func (b *warningBackend) Compile(path string) (Program, error) {
	p, err := b.fakeBackend.Compile(path)
	if err != nil {
		return nil, err
	}
	return &warningProgram{*p.(*fakeProgram), []string{"w.fut:3:5: warning: unused variable x", "w.fut:4:1: warning: hole"}}, nil
}

func TestWarningExpectations(t *testing.T) {
	dir := writeFiles(t, map[string]string{
		"match.fut":    "-- ==\n-- warning: unused.*x\n-- warning: ^w.fut:4:1\n",
		"mismatch.fut": "-- ==\n-- warning: unused.*x\n-- warning: shadow\n",
		"withcase.fut": "-- ==\n-- input { 1 }\n-- warning: hole\n",
	})
	b := &warningBackend{fakeBackend{name: "fake", programs: map[string]*fakeProgram{
		"withcase.fut": {entries: map[string]func([]Value) ([]Value, error){"main": succeed}},
	}}}
	for _, mode := range []Mode{Compiled, TypeCheck} {
		rep, err := (&Runner{Backend: b, Select: Selection{Mode: mode}}).Run([]string{dir})
		if err != nil {
			t.Fatal(err)
		}
		byFile := map[string][]Result{}
		for _, res := range rep.Results {
			byFile[filepath.Base(res.File)] = append(byFile[filepath.Base(res.File)], res)
		}
		if rs := byFile["match.fut"]; len(rs) != 1 || rs[0].Outcome != Pass {
			t.Errorf("mode %d: match.fut: %+v", mode, rs)
		}
		if rs := byFile["mismatch.fut"]; len(rs) != 1 || rs[0].Outcome != Fail ||
			!strings.Contains(rs[0].Reason, `mismatch.fut:3:4: no warning matches "shadow"`) || strings.Contains(rs[0].Reason, `"unused.*x"`) ||
			!strings.Contains(rs[0].Reason, "warning: hole") {
			t.Errorf("mode %d: mismatch.fut: %+v", mode, rs)
		}
		if rs := byFile["withcase.fut"]; len(rs) != 1 || rs[0].Outcome != Pass {
			t.Errorf("mode %d: withcase.fut: %+v", mode, rs)
		}
	}
}

func TestParseBlockItems(t *testing.T) {
	tests := []struct {
		src  string
		want string // cases as "kind:name" joined by spaces, then "|" and the warning patterns; or "error: " and a substring
	}{
		{"-- ==\n-- structure { Map 1 }\n", "|"},
		{"-- ==\n-- structure gpu-mem { SegMap 1 Alloc 2 }\n-- structure { }\n-- input { 1 }\n", "values:#0 (\"1i32\")|"},
		{"-- ==\n-- input { 1 }\n-- script input { f 2 }\n", "values:#0 (\"1i32\") script:f 2i32|"},
		{"-- ==\n-- script input { f 2 }\n-- input { 1 } output { 2 }\n", "script:f 2i32 values:#1 (\"1i32\")|"},
		{"-- ==\n-- script input @ data/s.txt output { 1 }\n", "scriptfile:data/s.txt|"},
		{"-- ==\n-- input { 1 } script output { g {a = 1} }\n", "values:#0 (\"1i32\")=script|"},
		{"-- ==\n-- warning: unused\n-- warning:   x.*y  \n-- input { 1 }\n", "values:#0 (\"1i32\")|unused,x.*y"},
		{"-- ==\n-- entry: f\n-- input { 1 }\n-- warning: w\n-- structure { A 1 }\n-- input { 2 }\n", "values:#0 (\"1i32\") values:#1 (\"2i32\")|w"},

		{"-- ==\n-- random script input { f 1 }\n", "error: 2:18: a case cannot have both"},
		{"-- ==\n-- script input { f (1 }\n", "error: 2:24: expected `,`, found end of input"},
		{"-- ==\n-- script input { f 1\n", "error: missing `}`"},
		{"-- ==\n-- input { 1 } script output 1\n", "error: expected `{` after `script output`"},
		{"-- ==\n-- warning: (\n", "error: 2:4: invalid regular expression after `warning:`"},
		{"-- ==\n-- structure { Map }\n", "error: expected a count after `Map`"},
	}
	for _, tt := range tests {
		spec, err := Parse("p.fut", []byte(tt.src))
		if want, ok := strings.CutPrefix(tt.want, "error: "); ok {
			if err == nil || !strings.Contains(err.Error(), want) {
				t.Errorf("Parse(%q): %v; want an error containing %q", tt.src, err, want)
			}
			continue
		}
		if err != nil {
			t.Errorf("Parse(%q): %v", tt.src, err)
			continue
		}
		var cases []string
		for _, c := range spec.Cases {
			k := map[InputKind]string{InputValues: "values", InputFile: "file", InputRandom: "random", InputScript: "script", InputScriptFile: "scriptfile"}[c.Input.Kind]
			s := k + ":" + c.DatasetName()
			if c.Expect.Kind == ExpectScript {
				s += "=script"
			}
			cases = append(cases, s)
		}
		var ws []string
		for _, w := range spec.Warnings {
			ws = append(ws, w.Pattern)
		}
		if got := strings.Join(cases, " ") + "|" + strings.Join(ws, ","); got != tt.want {
			t.Errorf("Parse(%q) = %q, want %q", tt.src, got, tt.want)
		}
	}
}

// FuzzParseScript checks that any text parses to an expression whose
// printed form reads back the same, or to a positioned error.
func FuzzParseScript(f *testing.F) {
	for _, s := range []string{
		"f 1 2", "let (a, b) = f 1i64 in g b a", "{x = 1, y = [1.5, 2.5]}", `$loaddata "x.in"`,
		"empty([0]i32)", "-f64.inf", "((1, 2), 3)", "f (g (h 1))", "\"a\\\"b\"", "let x = 1 in",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		e, err := ParseScript(src, Pos{"s.fut", 3, 5})
		if err != nil {
			var pe *Error
			if !errors.As(err, &pe) || pe.Pos.File != "s.fut" || pe.Pos.Line < 3 || pe.Pos.Col < 1 {
				t.Fatalf("ParseScript(%q): error without a position: %v", src, err)
			}
			return
		}
		text := ScriptText(e)
		again, err := ParseScript(text, Pos{"s.fut", 1, 1})
		if err != nil {
			t.Fatalf("ParseScript(%q) prints as %q, which does not parse: %v", src, text, err)
		}
		if ScriptText(again) != text {
			t.Fatalf("%q prints as %q, which prints as %q", src, text, ScriptText(again))
		}
	})
}

// checkScript evaluates script src against prog (files relative to dir)
// and compares its values, printed and joined by spaces, with want, or
// its error with want's text after "error: ".
func checkScript(t *testing.T, prog Program, dir, src, want string) {
	t.Helper()
	e, err := ParseScript(src, Pos{"p.fut", 1, 1})
	if err != nil {
		t.Errorf("ParseScript(%q): %v", src, err)
		return
	}
	vs, err := EvalScript(e, prog, dir)
	if msg, ok := strings.CutPrefix(want, "error: "); ok {
		if err == nil || !strings.Contains(err.Error(), msg) {
			t.Errorf("EvalScript(%q) = %v, %v; want an error containing %q", src, vs, err, msg)
		}
		return
	}
	if err != nil {
		t.Errorf("EvalScript(%q): %v", src, err)
		return
	}
	var parts []string
	for _, v := range vs {
		parts = append(parts, v.String())
	}
	if got := strings.Join(parts, " "); got != want {
		t.Errorf("EvalScript(%q) = %s, want %s", src, got, want)
	}
}
