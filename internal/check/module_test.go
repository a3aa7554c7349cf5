package check

import (
	"fmt"
	"regexp"
	"strings"
	"testing"
)

// memLoader serves files from a map.
func memLoader(files map[string]string) Loader {
	return func(p string) ([]byte, error) {
		if s, ok := files[p]; ok {
			return []byte(s), nil
		}
		return nil, fmt.Errorf("no such file %s", p)
	}
}

// TestModules checks module elaboration: each program must check, and the
// type of its last "f" must be want.
func TestModules(t *testing.T) {
	tests := []struct {
		name string
		src  string
		want string
	}{
		{"include and with", `
module type has_t = { type t }
module type num = { include has_t val add : t -> t -> t val zero : t }
module I : num with t = i64 = { type t = i64 def add (a: i64) (b: i64) = a + b def zero = 0i64 }
def f = I.add I.zero 1`, "i64"},
		{"nested with path", `
module type inner = { type e }
module type outer = { module m : inner val get : m.e -> m.e }
module O : outer with m.e = f32 = { module m = { type e = f32 } def get (x: f32) = x }
def f = O.get 2`, "f32"},
		{"chained with", `
module type two = { type a type b val conv : a -> b }
module C : two with a = i32 with b = f64 = { type a = i32 type b = f64 def conv (x: i32) = f64.i32 x }
def f = C.conv 3`, "f64"},
		{"curried functor", `
module type val_t = { type t val x : t }
module Pair (A: val_t) (B: val_t) = { def both = (A.x, B.x) }
module P = Pair { type t = i32 def x = 1i32 } { type t = bool def x = true }
def f = P.both`, "(i32, bool)"},
		{"functor result ascription", `
module type S = { type t val one : t }
module Mk (X: { val v : f32 }) : S with t = f32 = { type t = f32 def one = X.v }
module M = Mk { def v = 1f32 }
def f = M.one + 1`, "f32"},
		{"functor as lambda", `
module F = \(X: { val n : i64 }) -> { def m = X.n * 2 }
module G = F { def n = 21i64 }
def f = G.m`, "i64"},
		{"open and local", `
module M = { def a = 1i8 local def hidden = 2i8 def b = hidden + a }
open M
def f = a + b`, "i8"},
		{"local open with operators", `
def f (x: f64) = f64.(x * 2 + sqrt x)`, "f64 -> f64"},
		{"qualified operator section", `
def f = map (i32.+ 1) [1, 2]`, "[2]i32"},
		{"more polymorphic than spec", `
module type S = { val id : i32 -> i32 }
module M : S = { def id 'a (x: a) = x }
def f = M.id 3`, "i32"},
		{"module type inside module", `
module Outer = { module type S = { val x : i32 } }
module M : Outer.S = { def x = 5i32 }
def f = M.x`, "i32"},
		{"shadowing a prelude module", `
module m = { def i64 (x: i32) = x + 1 def g = i64 1 }
def f = m.g`, "i32"},
		{"functor body does not see later names", `
module F (X: { val v : i32 }) = { def w = X.v }
module F (X: { val v : i32 }) = F X
module G = F { def v = 4i32 }
def f = G.w`, "i32"},
		{"two module specs of one module type", `
module type S = { type t }
module type T = { module a : S module b : S }
module M : T with a.t = i32 with b.t = f32 = { module a = { type t = i32 } module b = { type t = f32 } }
def f (x: M.a.t) (y: M.b.t) = (x, y)`, "i32 -> f32 -> (i32, f32)"},
		{"parametric abstract type", `
module type box = { type b 'a val mk 'a : a -> b a val get 'a : b a -> a }
module B : box = { type b 'a = (a, i32) def mk 'a (x: a) = (x, 0i32) def get 'a ((x, _): (a, i32)) = x }
def f = B.get (B.mk 1.5f32)`, "f32"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p, err := CheckSource("m.fut", []byte(tt.src), nil)
			if err != nil {
				t.Fatalf("%s", FormatError(err))
			}
			if got := TypeString(lookupDecl(p, "f").Bind.Scheme.Type); got != tt.want {
				t.Errorf("got %s, want %s", got, tt.want)
			}
			if err := checkResolved(p); err != nil {
				t.Error(err)
			}
		})
	}
}

// TestImports checks import resolution through an in-memory loader.
func TestImports(t *testing.T) {
	files := map[string]string{
		"lib/a.fut":        "def a = 1i32\n",
		"lib/b.fut":        "import \"a\"\ndef b = a + 1\n",
		"lib/sub/c.fut":    "import \"../a\"\ndef c = a * 3\n",
		"cyc/x.fut":        "import \"y\"\ndef x = 1\n",
		"cyc/y.fut":        "import \"x\"\ndef y = 2\n",
		"bad/broken.fut":   "def q = 1 +\n",
		"bad/illtyped.fut": "def r : bool = 1i32\n",
	}
	tests := []struct {
		name, src, want string // want: "" for success, else error regex
	}{
		{"relative import", "import \"lib/b\"\ndef f = b", ""},
		{"import inside a functor", "module F (X: {val k : i32}) = { open import \"lib/a\" def z = a + X.k }\nmodule G = F {def k = 2i32}\ndef f = G.z", ""},
		{"import is local", "import \"lib/b\"\nmodule M = { open import \"lib/a\" }\ndef f = M.a + b", ""},
		{"imported names are not re-exported", "module M = import \"lib/b\"\ndef f = M.a", `main\.fut:2:11: module M has no member a`},
		{"parent directory", "import \"lib/sub/c\"\ndef f = c", ""},
		{"imported twice", "import \"lib/a\"\nimport \"lib/b\"\nmodule A = import \"lib/a\"\ndef f = a + A.a", ""},
		{"cycle", "import \"cyc/x\"\ndef f = x", `cyc/y\.fut:1:8: import cycle: cyc/x\.fut -> cyc/y\.fut -> cyc/x\.fut`},
		{"missing", "import \"lib/nope\"\ndef f = 1", `main\.fut:1:8: cannot import "lib/nope": file lib/nope\.fut not found`},
		{"absolute", "import \"/lib/a\"\ndef f = 1", `main\.fut:1:8: import path "/lib/a" must be relative`},
		{"extension", "import \"lib/a.fut\"\ndef f = 1", `must not include the \.fut extension`},
		{"syntax error in import", "import \"bad/broken\"\ndef f = 1", `bad/broken\.fut:2:1: `},
		{"type error in import", "import \"bad/illtyped\"\ndef f = 1", `bad/illtyped\.fut:1:16: cannot unify bool with i32`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p, err := CheckSource("main.fut", []byte(tt.src), memLoader(files))
			if err == nil {
				if rerr := checkResolved(p); rerr != nil {
					t.Fatal(rerr)
				}
				if err := checkBound(p); err != nil {
					t.Fatal(err)
				}
			}
			switch {
			case tt.want == "" && err != nil:
				t.Fatalf("%s", FormatError(err))
			case tt.want != "" && err == nil:
				t.Fatalf("expected error %q", tt.want)
			case tt.want != "" && !regexp.MustCompile(tt.want).MatchString(err.Error()):
				t.Fatalf("error %q does not match %q", err, tt.want)
			}
		})
	}
}

// checkBound verifies that every reference to a top-level binding refers
// to one listed in the program before it (or itself).
func checkBound(p *Program) error {
	seen := map[*Binding]bool{}
	var err error
	for _, d := range p.Decls {
		seen[d.Bind] = true
		Inspect(d.Body, func(e Expr) bool {
			if v, ok := e.(*VarRef); ok && v.Bind.Decl != nil && !seen[v.Bind] && err == nil {
				err = fmt.Errorf("%s: %s refers to %s, which is not bound before it", v.At, d.Bind.Name, v.Bind.Name)
			}
			return err == nil
		})
	}
	return err
}

// TestEntries checks which declarations become entry points (§11.1).
func TestEntries(t *testing.T) {
	files := map[string]string{"lib.fut": "entry lib_entry (x: i32) = x\ndef main (x: i32) = x\n"}
	tests := []struct{ src, want string }{
		{"entry a (x: i32) = x\ndef b (x: i32) = x\nentry c (x: f32) (y: [3]f32) = (x, y, 1i8)", "a(i32)->(i32) c(f32,[3]f32)->(f32,[3]f32,i8)"},
		{"def main (x: i32) = x + 1", "main(i32)->(i32)"},
		{"def main (x: i32) = x\ndef main (x: f32) = x", "main(f32)->(f32)"},
		{"import \"lib\"\nentry e = lib_entry", "e(i32)->(i32)"},
		{"module M = { def inner (x: i32) = x }\nentry outer = M.inner", "outer(i32)->(i32)"},
		{"entry g = vjp (\\(x: f64) -> x * x)", "g(f64,f64)->(f64)"},
		{"entry u : ((), (i32, (bool, f32))) = ((), (1, (true, 2)))", "u()->((),i32,bool,f32)"},
	}
	for _, tt := range tests {
		p, err := CheckSource("main.fut", []byte(tt.src), memLoader(files))
		if err != nil {
			t.Errorf("%q: %s", tt.src, FormatError(err))
			continue
		}
		var parts []string
		for _, e := range p.Entries {
			ps := make([]string, len(e.Params))
			for i, x := range e.Params {
				ps[i] = TypeString(x)
			}
			rs := make([]string, len(e.Results))
			for i, x := range e.Results {
				rs[i] = TypeString(x)
			}
			parts = append(parts, e.Name+"("+strings.Join(ps, ",")+")->("+strings.Join(rs, ",")+")")
		}
		if got := strings.Join(parts, " "); got != tt.want {
			t.Errorf("%q:\ngot  %s\nwant %s", tt.src, got, tt.want)
		}
	}
}
