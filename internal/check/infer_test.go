package check

import (
	"regexp"
	"testing"
)

// unknownSizeName matches the invented names of unknown sizes, which
// depend on how many names were created before.
var unknownSizeName = regexp.MustCompile(`\b[a-z]+[0-9]{3,}\b`)

// lookupDecl finds the last top-level binding named name.
func lookupDecl(p *Program, name string) *ValBind {
	for i := len(p.Decls) - 1; i >= 0; i-- {
		if p.Decls[i].Bind.Name == name {
			return p.Decls[i]
		}
	}
	return nil
}

// TestInferTypes checks the type inferred for the last definition of
// "f" in each program.
func TestInferTypes(t *testing.T) {
	tests := []struct {
		src  string
		want string
	}{
		{"def f = 10", "i32"},
		{"def f = 6.283", "f64"},
		{"def f (x: f32) = x * 2 + 1", "f32 -> f32"},
		{"def f x = x + x", "i32 -> i32"},
		{"def f = map (+1) (iota 5)", "[5]i64"},
		{"def f (n: i64) = replicate n 0f32", "(n: i64) -> *[n]f32"},
		{"def f 'a (x: a) = (x, x)", "a -> (a, a)"},
		{"def f x = x", "t0 -> t0"},
		{"def f x (n: i32) = if n == 0 then x else f x (n - 1)", "t0 -> i32 -> t0"},
		{"def f [n] (xs: [n]i32) (k: i32) : i32 = if k == 0 then 0 else f xs (k - 1)", "[n]i32 -> i32 -> i32"},
		{"def f x y = x == y", "t0 -> t0 -> bool"},
		{"def f = let eq x y = x != y in (eq 1u8 2, eq true false)", "(bool, bool)"},
		{"def f (x: i32) (y: i32) = x < y && true", "i32 -> i32 -> bool"},
		{"def f (r: {x: f64, y: f64}) = r.x + r.y", "{x: f64, y: f64} -> f64"},
		{"def f = let r = {a = 1u8, b = true} in r.a", "u8"},
		{"def f = (\\p -> p.1) (1i8, 2i16)", "i16"},
		{"def f (t: (i32, bool)) = t.0", "(i32, bool) -> i32"},
		{"def f (xs: [3][4]f32) = xs[1]", "[3][4]f32 -> [4]f32"},
		{"def f (xs: [3][4]f32) = xs[1, 2]", "[3][4]f32 -> f32"},
		{"def f (xs: []f32) = xs[1:3]", "[n0]f32 -> [2]f32"},
		{"def f (xs: []f32) (i: i64) = xs[i:]", "[n0]f32 -> (i: i64) -> [n0-i]f32"},
		{"def f (xs: []f32) = xs[::2]", "[n0]f32 -> [?]f32"},
		{"def f [n] (xs: [n]i32) = length xs", "[n]i32 -> i64"},
		{"def f = 0..<10i64", "[10]i64"},
		{"def f = 1 ... 5u8", "[5]u8"},
		{"def f = [1, 2, 3]", "[3]i32"},
		{"def f = [[1.0, 2], [3, 4]]", "[2][2]f64"},
		{"def f (x: i64) = if x > 0 then #pos x else #neg : #pos i64 | #neg", "i64 -> #neg | #pos i64"},
		{"def f (o: #some i32 | #none) = match o case #some x -> x case #none -> 0", "(#none | #some i32) -> i32"},
		{"def f = loop acc = 0 for i < 10 do acc + i", "i32"},
		{"def f (xs: []f64) = loop s = 0 for x in xs do s + x", "[n0]f64 -> f64"},
		{"def f = loop (i, x) = (0, 1f32) while i < 10 do (i + 1, x * 2)", "(i32, f32)"},
		{"def f (xs: *[]i32) = xs with [0] = 1", "*[n0]i32 -> *[n0]i32"},
		{"def f (r: {a: i32, b: f32}) = r with b = 1", "{a: i32, b: f32} -> {a: i32, b: f32}"},
		{"def f (xs: *[]i32) = let xs[1] = 5 in xs", "*[n0]i32 -> *[n0]i32"},
		{"def f = let g x = x in (g 1i8, g true)", "(i8, bool)"},
		{"def f = (3 : u16)", "u16"},
		{"def f (x: f32) = f32.sin x", "f32 -> f32"},
		{"def f (x: f32) = f32.(x + pi)", "f32 -> f32"},
		{"def f (a: i32) (b: i32) = a `i32.max` b", "i32 -> i32 -> i32"},
		{"def f (xs: []i32) = map (\\x -> x * 2) xs |> reduce (+) 0", "[n0]i32 -> i32"},
		{"def f = (.x) {x = 1f32}", "f32"},
		{"def f (xs: [][]i32) = map (.[0]) xs", "[n0][n1]i32 -> *[n0]i32"},
		{"def f = (2 -)", "i32 -> i32"},
		{"def f = (/ 2f32)", "f32 -> f32"},
		{"def f (x: i32) = -x", "i32 -> i32"},
		{"def f = !5u8", "u8"},
		{"def f = 'a'", "i32"},
		{"def f = \"ab\"", "[2]u8"},
		{"module M = { def g (x: i32) = x + 1 } def f = M.g 2", "i32"},
		{"module type S = { type t val mk : i32 -> t val get : t -> i32 } module M : S = { type t = i32 def mk (x: i32) = x def get (x: t) = x } def f = M.get (M.mk 1)", "i32"},
		{"module F (X: { val x : i32 }) = { def y = X.x + 1 } module A = F { def x = 41i32 } def f = A.y", "i32"},
		{"module type S = { type t val z : t } module F (X: S) = { def w = X.z } module A = F { type t = f32 def z = 1f32 } def f = A.w + 1", "f32"},
		{"module M = { type t = i64 } def f (x: M.t) = x", "i64 -> i64"},
		{"type pair 'a = (a, a) def f (p: pair f32) = p.0", "(f32, f32) -> f32"},
		{"type vec [n] = [n]f64 def f (v: vec [3]) = v", "[3]f64 -> [3]f64"},
		{"def f (xs: []i32) = filter (> 0) xs", "[n0]i32 -> *[?]i32"},
		{"def (<+>) (a: i32) (b: i32) = a * b def f = 2 <+> 3", "i32"},
		{"def f (x: i32) = assert (x > 0) (x + 1)", "i32 -> i32"},
		{"def f (xs: []i32) = xs :> [4]i32", "[n0]i32 -> [4]i32"},
		{"def f (xs: []i64) = let n = length xs in replicate n 0i32", "[n0]i64 -> *[?]i32"},
		{"def f (xs: []i32) = let [n] (ys: [n]i32) = xs in (ys, n)", "[n0]i32 -> ([?]i32, i64)"},
		{"def f (m: [][]f32) = m[:, 0]", "[n0][n1]f32 -> [n0]f32"},
		{"def f (xs: [2][3]i32) = flatten xs |> unflatten", "[2][3]i32 -> [2][3]i32"},
		{"def f (x: i32) = match x case 0 -> \"zero\" case _ -> \"other\"", "i32 -> *[?]u8"},
		{"def f (b: bool) = if b then [1, 2] else [3]", "bool -> *[?]i32"},
		{"def f (n: i64) = loop xs = [0i32] for i < n do xs ++ xs", "i64 -> *[?]i32"},
		{"module N = { def n = 3i64 } def f (xs: [N.n]f32) = xs", "[N.n]f32 -> [N.n]f32"},
	}
	for _, tt := range tests {
		p, err := CheckSource("t.fut", []byte(tt.src), nil)
		if err != nil {
			t.Errorf("%s:\n%s", tt.src, FormatError(err))
			continue
		}
		vb := lookupDecl(p, "f")
		if vb == nil {
			t.Errorf("%s: no f", tt.src)
			continue
		}
		if err := checkResolved(p); err != nil {
			t.Errorf("%s: %v", tt.src, err)
		}
		got := unknownSizeName.ReplaceAllString(TypeString(vb.Bind.Scheme.Type), "?")
		if got != tt.want {
			t.Errorf("%s:\ngot  %s\nwant %s", tt.src, got, tt.want)
		}
	}
}
