package check

import "testing"

// TestAcceptedEdges checks programs at the edges of rules that reject
// their neighbours: each must check without error.
func TestAcceptedEdges(t *testing.T) {
	tests := []struct{ name, src string }{
		// A renamed function that consumes nothing may be called twice
		// on the same array; one that consumes, on fresh arrays.
		{"renamed observer", "def total (xs: []i32) = i32.sum xs\ndef s = total\ndef f (xs: []i32) = let t = total in s xs + t xs + s xs"},
		{"renamed consumer on copies", "def upd (xs: *[]i32) = xs with [0] = 1\ndef set0 = upd\ndef f (xs: []i32) = let g = upd in (set0 (copy xs), g (copy xs), xs)"},
		{"renamed consumer on a unique parameter", "def upd (xs: *[]i32) = xs with [0] = 1\ndef f (xs: *[]i32) = let g = upd in g xs"},
		// Parameter sizes the caller can see.
		{"separate parameters", "def f (x: i64) (y: i64) (A: [x]bool) = A[0] && y > 0"},
		{"size parameter beside a tuple", "def f [n] (p: (i64, i64)) (A: [n]bool) = n + p.0"},
		{"coercion in the body", "def f (x: i64, _: i64) (A: []bool) = let B = A :> [x]bool in B[0]"},
		{"tuple component bound by let", "def f (t: (i64, i64)) (A: []bool) = let (x, _) = t in (\\(B: [x]bool) -> B[0]) (A :> [x]bool)"},
		{"earlier parameter inferred", "def f (x: i64) (A: []bool) = zip A (iota x)"},
		// Existential and anonymous sizes used constructively.
		{"witness of units", "type~ t = ?[n].([n](), bool)"},
		{"witness beside a function", "type^ t = ?[n].([n](), bool -> [n]bool)"},
		{"array beside a size expression", "def f (x: i64) : ?[k].([k]i32, [k+1]i32) = (replicate x 0, replicate (x + 1) 0)"},
		{"anonymous size of a function result", "type^ gen = i64 -> []i32"},
		{"anonymous size in a record", "type~ t = {a: []i32, f: i32}"},
		{"named size of a function parameter", "type^ t [n] = [n]bool -> bool"},
		{"anonymous size in a parameter annotation", "def f (g: []bool -> bool) = g [true]"},
		// Entry points whose sizes the caller can give.
		{"entry size also used alone", "entry main [n] (A: [n]i32) (B: [n+1]i32) = A[0] + B[0]"},
		{"entry size after its expression", "entry main [x] (A: [x+1]i32) (B: [x]i32) = A[0] + B[0]"},
		{"entry size as an i64 parameter", "entry main (x: i64) (A: [x+1]i32) = A[x]"},
		{"size expression in an ordinary function", "def f [x] (A: [x+1]i32) = A[x]"},
		{"constant entry with a written size", "entry main : [0][]i32 = [] : [0][3]i32"},
		{"constant entry with an existential size", "entry main : []i32 = filter (> 0) [1, -2]"},
		{"constant that is not an entry", "def e : [0][]i32 = []\nentry main = length e"},
		// Sizes computed before they are needed (the causality check).
		{"empty array after the filter", "def f (xs: []i32) =\n  let b = [filter (> 0) xs]\n  let a = [] : [][]i32\n  in a[0] == b[0]"},
		{"empty array in an earlier argument", "def f (xs: []i32) = (\\(a: [][]i32) (b: [][]i32) -> a[0] == b[0]) ([] : [][]i32) [filter (> 0) xs]"},
		{"function in an earlier argument", "def apply 'a 'b (f: a -> b) (x: a) = f x\ndef f (xs: []i32) = apply length (filter (> 0) xs)"},
		// Compositions whose functions' sizes exist where they are used.
		{"pipeline through filter", "def f (xs: []i32) = filter (> 0) xs |> length"},
		{"composition without existential sizes", "def f (xss: [][]f32) = map (map (+ 1) >-> f32.sum) xss"},
		{"composition after the size is computed", "def f (xs: []i32) = let ys = filter (> 0) xs in ((\\(_: i32) -> ys) >-> length) 0"},
		{"existential size returned inside a lambda", "def f (n: i64) = tabulate n (\\i -> length (filter (> 1) (iota i)))"},
		{"anonymous size of a specified parameter", "module type getter = { val get 'a : i64 -> []a -> a }\nmodule picker : getter = { def get i a = a[i] }\ndef f (xs: []i32) = picker.get 1 xs"},
		// Type parameters of local functions that stay in their scope.
		{"outer value beside a type parameter", "def f x = let g 'b (y: b) = (x, y) in g 1i32"},
		{"outer type parameter in a local function", "def f 'a (x: a) = let g (y: a) = if true then y else x in g x"},
		{"local type parameter instantiated with an outer type", "def f x = let g 'b (y: b) (z: b) = if true then y else z in g x x"},
		{"local polymorphic function used twice", "def f (x: i32) = let g 'b (y: b) : (b, i32) = (y, x) in (g 1f32, g true)"},
		// Unknown sizes that are not those of a returned function's parameter.
		{"coercion in a returned function", "def f (x: bool) =\n  let n = if x then 10 else 20\n  in \\(y_any: []bool) -> let y = y_any :> [n]bool in y[0]"},
		{"unknown size of the result", "def f (x: bool) = let n = if x then 10 else 20 in iota n"},
		{"parameter named by a parameter", "def f (k: i64) = \\(y: [k]bool) -> y[0]"},
		{"local function's parameter of an outer unknown size", "def f (xs: []i32) =\n  let ys = filter (> 0) xs\n  let g (zs: []i32) = zip ys zs\n  in length ys"},
		{"existential size of an argument", "def f (ys: []i32) (xs: []i32) = zip ys (filter (> 0) xs)"},
		{"constant that has the unknown size as an array size", "def f = let ys = filter (> 0) [1, -2, 3] in (ys, \\(zs: []i32) -> zip ys zs)"},
		{"size expression in a returned function", "def f (xs: []i32) = \\(y: [length xs]bool) -> y[0]"},
		{"empty array of a parameter's size", "def f [n] (xs: [n]i32) = let a = [] : [0][n]i32 in length (concat a [xs])"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if _, err := CheckSource("ok.fut", []byte(tt.src), nil); err != nil {
				t.Errorf("%s\n%s", tt.src, FormatError(err))
			}
		})
	}
}
