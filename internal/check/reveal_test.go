package check

import "testing"

// TestRevealAndSubstitute checks the helpers lowering uses on the typed
// program: Reveal on abstract types, and monomorphisation by instance.
func TestRevealAndSubstitute(t *testing.T) {
	src := `
module type box = { type b 'a val mk 'a : a -> b a }
module B : box = { type b 'a = (a, i64) def mk 'a (x: a) = (x, 0i64) }
def pair 'a [n] (x: a) (xs: [n]a) = (x, xs)
def f = (B.mk 1f32, pair true [false, true])`
	p, err := CheckSource("r.fut", []byte(src), nil)
	if err != nil {
		t.Fatal(FormatError(err))
	}
	d := lookupDecl(p, "f")
	if got := TypeString(d.Bind.Scheme.Type); got != "(B.b f32, (bool, [2]bool))" {
		t.Fatalf("type of f: %s", got)
	}
	if got := TypeString(Reveal(d.Bind.Scheme.Type)); got != "((f32, i64), (bool, [2]bool))" {
		t.Errorf("revealed type of f: %s", got)
	}
	checked := 0
	Inspect(d.Body, func(e Expr) bool {
		v, ok := e.(*VarRef)
		if !ok {
			return true
		}
		types, sizes := InstanceMaps(v.Bind.Scheme, v.Inst)
		got := TypeString(Substitute(v.Bind.Scheme.Type, types, sizes))
		var want string
		switch v.Bind.Name {
		case "B.mk":
			want = "f32 -> (f32, i64)"
		case "pair":
			want = "bool -> [2]bool -> (bool, [2]bool)"
		default:
			return true
		}
		checked++
		if got != want {
			t.Errorf("%s instantiated: got %s, want %s", v.Bind.Name, got, want)
		}
		return true
	})
	if checked != 2 {
		t.Errorf("checked %d references, want 2", checked)
	}
}
