package ir

import (
	"go/ast"
	"go/parser"
	"go/token"
	"math/bits"
	"testing"
)

// TestKindsCoverEveryExp checks that every expression type has a kind of
// its own: a new Exp type without one would make passes that skip
// programs by kind skip it too.
func TestKindsCoverEveryExp(t *testing.T) {
	exps := []Exp{&Apply{}, &Atom{}, &Bin{}, &Cmp{}, &Un{}, &Call{}, &Index{}, &Slice{}, &Update{},
		&Iota{}, &Replicate{}, &Scratch{}, &Reshape{}, &Rearrange{}, &Concat{}, &Copy{}, &Rotate{},
		&ArrayLit{}, &Size{}, &Assert{}, &If{}, &Loop{}, &Map{}, &Reduce{}, &Scan{}, &Hist{},
		&Scatter{}, &Screma{}, &JVP{}, &VJP{}, &WithVJP{}, &WithAcc{}, &UpdAcc{}}
	seen := Kinds(0)
	for _, e := range exps {
		k := KindOf(e)
		if bits.OnesCount64(uint64(k)) != 1 {
			t.Errorf("KindOf(%T) = %b, want one bit", e, k)
		}
		if seen&k != 0 {
			t.Errorf("KindOf(%T) = %b is shared", e, k)
		}
		seen |= k
	}
	// Every type with an isExp method must be in the table above.
	fs := token.NewFileSet()
	f, err := parser.ParseFile(fs, "ir.go", nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, d := range f.Decls {
		if fd, ok := d.(*ast.FuncDecl); ok && fd.Recv != nil && fd.Name.Name == "isExp" {
			n++
		}
	}
	if n != len(exps) || Kinds(1)<<n != kindsEnd {
		t.Errorf("ir.go has %d expression types, the table %d, kinds %d", n, len(exps), bits.TrailingZeros64(uint64(kindsEnd)))
	}
}

// TestBodyKindsNested checks that BodyKinds sees statements in nested
// bodies and lambdas.
func TestBodyKindsNested(t *testing.T) {
	inner := &Body{Stms: []*Stm{{Exp: &Bin{}}}}
	lam := &Lambda{Body: &Body{Stms: []*Stm{{Exp: &If{Then: inner, Else: &Body{}}}}}}
	b := &Body{Stms: []*Stm{{Exp: &Map{F: lam}}, {Exp: &Atom{}}}}
	if got, want := BodyKinds(b), KMap|KIf|KBin|KAtom; got != want {
		t.Errorf("BodyKinds = %b, want %b", got, want)
	}
	if got := BodyKinds(&Body{}); got != 0 {
		t.Errorf("BodyKinds of an empty body = %b", got)
	}
}
