package rev

import (
	"fmt"
	"strings"
	"testing"

	"github.com/fluxion-lang/fluxion/internal/ir"
)

// scanOperator lowers a program whose entry f applies scan op ne to the
// zip of its k array parameters (of types elems) and returns the scan's
// operator together with a builder that knows the types in scope.
func scanOperator(t *testing.T, op, ne string, elems []string, free string) (*ir.Builder, *ir.Lambda) {
	t.Helper()
	var params, tuple []string
	for c, et := range elems {
		params = append(params, fmt.Sprintf("(a%d: [n]%s)", c, et))
		tuple = append(tuple, fmt.Sprintf("a%d[i]", c))
	}
	elem := strings.Join(tuple, ", ")
	if len(elems) > 1 {
		elem = "(" + elem + ")"
	}
	src := fmt.Sprintf("entry f [n] %s %s = scan (%s) %s (map (\\i -> %s) (iota n))",
		free, strings.Join(params, " "), op, ne, elem)
	p, err := lowerSource(src)
	if err != nil {
		t.Fatalf("%s: %v", src, err)
	}
	f := p.Funcs[0]
	var found *ir.Scan
	var find func(*ir.Body)
	find = func(body *ir.Body) {
		for _, s := range body.Stms {
			if e, ok := s.Exp.(*ir.Scan); ok && found == nil {
				found = e
			}
			for _, nb := range ir.Bodies(s.Exp) {
				if nb != nil {
					find(nb)
				}
			}
			for _, l := range ir.Lambdas(s.Exp) {
				find(l.Body)
			}
		}
	}
	find(f.Body)
	if found == nil {
		t.Fatalf("no scan in %s", src)
	}
	return ir.BuilderFor(f), found.Op
}

// classSummary lists each class as its groups and its kind.
func classSummary(p scanPattern) string {
	var out []string
	for _, cl := range p.Classes {
		kind := map[blockKind]string{blockMatrix: "M", blockIdentity: "I", blockZero: "0"}[cl.Kind]
		out = append(out, fmt.Sprintf("%v%s", cl.Groups, kind))
	}
	return strings.Join(out, " ")
}

// The detection classifies operators by the structure of their
// first-argument Jacobian: independent components give ZeroQuad with
// q = 1, coupled pairs blocks of 2, fully coupled operators the generic
// rule, equal blocks MatrixMul. Classes: M a matrix per element, I the
// identity (suffix sums), 0 the zero block (no scan).
func TestScanPatternDetection(t *testing.T) {
	want := map[string]struct {
		kind    scanPatKind
		q       int
		classes string
	}{
		"mul":             {patGeneric, 1, "[[0]]M"},
		"add_lambda":      {patZeroQuad, 1, "[[0]]I"},
		"free_scalar":     {patGeneric, 1, "[[0]]M"},
		"add_mul_max":     {patZeroQuad, 1, "[[0]]I [[1]]M [[2]]M"},
		"add_mul_max_min": {patZeroQuad, 1, "[[0]]I [[1]]M [[2]]M [[3]]M"},
		"add3":            {patZeroQuad, 1, "[[0] [1] [2]]I"},
		"keep_last":       {patZeroQuad, 1, "[[0] [1]]0"},
		"pair":            {patGeneric, 2, "[[0 1]]M"},
		"complex":         {patGeneric, 2, "[[0 1]]M"},
		"quaternion":      {patGeneric, 4, "[[0 1 2 3]]M"},
		"pair_pair":       {patZeroQuad, 2, "[[0 1]]M [[2 3]]M"},
		"add_pair":        {patZeroQuad, 2, "[[0]]I [[1 2]]M"},
		"complex_pair":    {patZeroQuad, 2, "[[0 1]]M [[2 3]]M"},
		"affine":          {patMatrixMul, 1, "[[0] [1]]M"},
		"affine_rev":      {patMatrixMul, 1, "[[0] [1]]M"},
		"affine_shared":   {patMatrixMul, 1, "[[0] [1] [2]]M"},
		"mm2":             {patMatrixMul, 2, "[[0 1] [2 3]]M"},
		"mm2_swapped":     {patMatrixMul, 2, "[[0 2] [1 3]]M"},
		"mm3":             {patMatrixMul, 3, "[[0 1 2] [3 4 5] [6 7 8]]M"},
		"mm2_both":        {patZeroQuad, 2, "[[0 1] [2 3]]M [[4 6] [5 7]]M"},
		// d(f1 || f2)/d f1 simplifies to false: the flag needs no scan.
		"segmented":   {patZeroQuad, 1, "[[0]]0 [[1]]M"},
		"int_add_mul": {patZeroQuad, 1, "[[0]]I [[1]]M"},
		// j1 - j1 depends on j1; the simplified Jacobian shows it is zero.
		"int_cancel": {patZeroQuad, 1, "[[0]]I [[1]]M"},
		// Both results depend on the whole if; the simplified Jacobian
		// has zeros across it, and both diagonal entries are the same
		// selection of the branch.
		"argmax":     {patMatrixMul, 1, "[[0] [1]]M"},
		"free_array": {patZeroQuad, 1, "[[0]]M [[1]]M"},
	}
	for _, tc := range scanOps {
		w, ok := want[tc.name]
		if !ok {
			t.Errorf("%s: no expected pattern", tc.name)
			continue
		}
		b, op := scanOperator(t, tc.op, tc.ne, tc.elems(), tc.free)
		p := detectScanPattern(b, op)
		if p.Kind != w.kind || p.Q() != w.q || classSummary(p) != w.classes {
			t.Errorf("%s: %v q=%d %s, want %v q=%d %s", tc.name, p.Kind, p.Q(), classSummary(p), w.kind, w.q, w.classes)
		}
	}
}

// Dependency analysis alone (the simplified Jacobian unavailable) still
// finds the independent groups of operators without nested constructs,
// but no identity or equal blocks.
func TestScanPatternDependencyOnly(t *testing.T) {
	for _, tc := range []struct{ name, groups string }{
		{"add_mul_max", "[[0] [1] [2]]"},
		{"pair_pair", "[[0 1] [2 3]]"},
		{"mm2_swapped", "[[0 2] [1 3]]"},
		{"affine", "[[0] [1]]"},
		{"quaternion", "[[0 1 2 3]]"},
		{"argmax", "[[0 1]]"}, // conservative: the if reads everything
	} {
		var op scanOp
		for _, o := range scanOps {
			if o.name == tc.name {
				op = o
			}
		}
		_, l := scanOperator(t, op.op, op.ne, op.elems(), op.free)
		if got := fmt.Sprint(components(firstArgDeps(l, op.k))); got != tc.groups {
			t.Errorf("%s: dependency groups %s, want %s", tc.name, got, tc.groups)
		}
	}
}
