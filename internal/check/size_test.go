package check

import (
	"strings"
	"testing"
)

// refSizes returns the size arguments of the first reference to callee
// inside the body of the last definition named in, as strings.
func refSizes(p *Program, in, callee string) (string, bool) {
	d := lookupDecl(p, in)
	if d == nil {
		return "", false
	}
	var out []string
	found := false
	Inspect(d.Body, func(e Expr) bool {
		if v, ok := e.(*VarRef); ok && !found && v.Bind.Name == callee {
			found = true
			for _, s := range v.Inst.Sizes {
				out = append(out, unknownSizeName.ReplaceAllString(SizeString(s), "?"))
			}
		}
		return !found
	})
	return strings.Join(out, " "), found
}

// TestSizeInstances checks which size each size parameter is instantiated
// with at a reference (§9.6 rule 1), and the resulting types.
func TestSizeInstances(t *testing.T) {
	tests := []struct {
		src, callee, sizes, typ string
	}{
		{"def h [n] (xs: [n]f32) = xs\ndef f (ys: [5]f32) = h ys", "h", "5", "[5]f32 -> [5]f32"},
		{"def h [n] (xs: [n]f32) = xs\ndef f (m: i64) (ys: [m]f32) = h ys", "h", "m", "(m: i64) -> [m]f32 -> [m]f32"},
		{"def f (n: i64) = iota n", "iota", "", "(n: i64) -> *[n]i64"},
		{"def f (n: i64) (m: i64) = replicate (n*m) 0f64", "replicate", "", "(n: i64) -> (m: i64) -> *[n*m]f64"},
		{"def f (xs: [8]i32) = let (a, b) : ([3]i32, [5]i32) = split xs in a", "split", "3 5", "[8]i32 -> [3]i32"},
		{"def f (a: i64) (b: i64) (xs: [a*b]i32) = unflatten xs", "unflatten", "a b", "(a: i64) -> (b: i64) -> [a*b]i32 -> [a][b]i32"},
		{"def f (xs: [4][6]i32) = flatten xs", "flatten", "4 6", "[4][6]i32 -> [24]i32"},
		{"def f (xs: [3]f32) (ys: [3]f32) = map2 (+) xs ys", "map2", "3", "[3]f32 -> [3]f32 -> *[3]f32"},
		{"def f [k] (xs: [k]i32) = length xs", "length", "k", "[k]i32 -> i64"},
		{"def f (xs: []i32) = filter (> 0) xs |> length", "length", "?", "[n0]i32 -> i64"},
		{"def f (n: i64) (xs: [n]i32) = xs[0:n]", "", "", "(n: i64) -> [n]i32 -> [n]i32"},
		{"def f (n: i64) = 0..<n", "", "", "(n: i64) -> *[n]i64"},
		{"def f (xs: [3]i32) (ys: [4]i32) = xs ++ ys", "++", "3 4", "[3]i32 -> [4]i32 -> *[7]i32"},
		{"def f (xs: []i32) = unflatten (xs :> [2*3]i32)", "unflatten", "2 3", "[n0]i32 -> [2][3]i32"},
		{"def f (xs: []i32) = unflatten_3d (xs :> [3*2*2]i32)", "unflatten_3d", "3 2 2", "[n0]i32 -> [3][2][2]i32"},
		{"def f (xs: []i32) = unflatten_3d (xs :> [(3*2)*2]i32)", "unflatten_3d", "3 2 2", "[n0]i32 -> [3][2][2]i32"},
		{"def f (xs: [6]i32) = unflatten xs : [2][3]i32", "unflatten", "2 3", "[6]i32 -> [2][3]i32"},
	}
	for _, tt := range tests {
		p, err := CheckSource("s.fut", []byte(tt.src), nil)
		if err != nil {
			t.Errorf("%s:\n%s", tt.src, FormatError(err))
			continue
		}
		if tt.callee != "" {
			got, ok := refSizes(p, "f", tt.callee)
			if !ok {
				t.Errorf("%s: no reference to %s", tt.src, tt.callee)
			} else if got != tt.sizes {
				t.Errorf("%s: sizes of %s: got %q, want %q", tt.src, tt.callee, got, tt.sizes)
			}
		}
		if got := unknownSizeName.ReplaceAllString(TypeString(lookupDecl(p, "f").Bind.Scheme.Type), "?"); got != tt.typ {
			t.Errorf("%s: type %s, want %s", tt.src, got, tt.typ)
		}
	}
}

// TestSizeInferenceAccepted lists programs whose size parameters are
// determined by context or by argument shapes; they must not be reported
// as "cannot infer size parameter".
func TestSizeInferenceAccepted(t *testing.T) {
	tests := []string{
		"def mk [n] (x: i32) : [n]i32 = map (\\_ -> x) (iota n)\ndef f (x: i32) : [3]i32 = mk x",
		"def mk [n] (x: i32) : [n]i32 = map (\\_ -> x) (iota n)\ndef f (x: i32) = mk x : [3]i32",
		"def f (xs: [6]i32) = let (a, b) : ([2]i32, [4]i32) = split xs in (a, b)",
		"def f (xs: []i32) = unflatten (xs :> [2*3]i32)",
		"def g x = unflatten x",
		"def f [n] (xs: [n]i32) = length xs",
		"def f (xs: []i32) = length (filter (> 0) xs)",
		"def f (xs: []f32) = map (+ 1) (filter (> 0) xs)",
		"def f (a: i64) (b: i64) (xs: [a*b]i32) = unflatten xs",
		"def f (n: i64) (xs: []i32) = (unflatten (xs :> [n*2]i32))[0]",
	}
	for _, src := range tests {
		if _, err := CheckSource("s.fut", []byte(src), nil); err != nil {
			t.Errorf("%s:\n%s", src, FormatError(err))
		}
	}
}
