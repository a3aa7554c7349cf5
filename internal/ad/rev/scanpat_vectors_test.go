package rev

import (
	"fmt"
	"testing"
)

// The seed 003 scan vectors of AD-NOTES.md are checked, with and without
// NoSpecialCases, by TestVectors (entries scanmul, scanpair, scanmat and
// scan3 of vectorSrc). This test makes sure that without NoSpecialCases
// they go through the pattern rules: scan (*) and the pair operator
// (b1*a2 + b2*a1, b1*b2) are fully coupled (generic), the 2x2 matrix
// product is MatrixMul with blocks {0,1} and {2,3}, and (+, *, max) is
// ZeroQuad with q = 1. (Its neutral element -f64.inf may make prepare.go
// add a presence flag to the operator, opfree.go; the flagged operator
// is ZeroQuad with q = 1 as well, so only kind and block size are
// checked.)
func TestScanVectorsUsePatterns(t *testing.T) {
	p, err := lowerSource(vectorSrc)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]string{
		"scanadd":  "[]", // the scan (+) rule
		"scanmul":  "[Generic q=1]",
		"scanpair": "[Generic q=2]",
		"scanmat":  "[MatrixMul q=2]",
		"scan3":    "[ZeroQuad q=1]",
	}
	for name, w := range want {
		f := p.Func(name)
		if f == nil {
			t.Errorf("vectorSrc has no entry %s", name)
			continue
		}
		var seen []string
		scanPatternSeen = func(p scanPattern) { seen = append(seen, fmt.Sprintf("%v q=%d", p.Kind, p.Q())) }
		_, err := ExpandFunc(f)
		scanPatternSeen = nil
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if got := fmt.Sprintf("%v", seen); got != w {
			t.Errorf("%s: patterns %s, want %s", name, got, w)
		}
	}
}
