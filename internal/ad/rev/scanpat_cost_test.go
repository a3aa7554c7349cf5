package rev

import (
	"math/rand"
	"testing"

	"github.com/fluxion-lang/fluxion/internal/interp"
	"github.com/fluxion-lang/fluxion/internal/ir"
	"github.com/fluxion-lang/fluxion/internal/opt"
)

// irCost is a static measure of a function's work per input element:
// the n-element arrays its maps and scans produce, the arrays its scans
// carry, and the scalar operations in its scan operators (each applied
// about once per element).
type irCost struct{ arrays, scanned, scanOps int }

func costOf(body *ir.Body) irCost {
	var c irCost
	for _, s := range body.Stms {
		switch e := s.Exp.(type) {
		case *ir.Scan:
			c.arrays += len(s.Pat)
			c.scanned += len(e.Arrs)
			c.scanOps += scalarOps(e.Op.Body)
		case *ir.Map:
			c.arrays += len(s.Pat)
		}
		for _, nb := range ir.Bodies(s.Exp) {
			if nb != nil {
				d := costOf(nb)
				c.arrays, c.scanned, c.scanOps = c.arrays+d.arrays, c.scanned+d.scanned, c.scanOps+d.scanOps
			}
		}
	}
	return c
}

// scalarOps counts the arithmetic statements of body, nested ones too.
func scalarOps(body *ir.Body) int {
	n := 0
	for _, s := range body.Stms {
		switch s.Exp.(type) {
		case *ir.Bin, *ir.Un, *ir.Cmp, *ir.Call:
			n++
		}
		for _, nb := range ir.Bodies(s.Exp) {
			if nb != nil {
				n += scalarOps(nb)
			}
		}
	}
	return n
}

// expandedCost is the cost of o's vjp entry g after expansion and
// simplification, with the special cases on or off.
func expandedCost(t *testing.T, o scanOp, generic bool) irCost {
	t.Helper()
	NoSpecialCases = generic
	p, err := lowerSource(scanOpSource(o))
	if err == nil {
		p, err = Expand(p)
	}
	NoSpecialCases = false
	if err == nil {
		p, err = opt.Simplify(p)
	}
	if err != nil {
		t.Fatalf("%s: %v", o.name, err)
	}
	return costOf(p.Func("g").Body)
}

// compileSimplified is compile followed by opt.Simplify, as the
// pipeline's simplify-ad pass does after expansion, with the special cases
// on or off.
func compileSimplified(t testing.TB, src string, generic bool) *interp.Program {
	t.Helper()
	NoSpecialCases = generic
	p, err := lowerSource(src)
	if err == nil {
		p, err = Expand(p)
	}
	NoSpecialCases = false
	if err == nil {
		p, err = opt.Simplify(p)
	}
	if err == nil {
		err = ir.Verify(p)
	}
	if err != nil {
		t.Fatal(err)
	}
	c, err := interp.Compile(p)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

func scanOpByName(name string) scanOp {
	for _, o := range scanOps {
		if o.name == name {
			return o
		}
	}
	panic("no scan operator " + name)
}

// The patterns scan fewer arrays with fewer operations per element than
// the generic rule (the thesis's efficiency analysis, section 7.4). The
// generic rule's scan carries k + k^2 arrays and its operator spends
// 2k^2 operations on d and k^2 (2k - 1) on M; ZeroQuad with q = 1 carries
// 2 arrays per component and spends 3 operations (an identity block: 1
// and 1); MatrixMul with blocks of q carries k + q^2 arrays and spends
// 2kq + q^2 (2q - 1). The counts include the primal scan (k arrays) that
// the vjp re-executes.
func TestScanPatternCost(t *testing.T) {
	for _, tc := range []struct {
		name             string
		scanned, scanOps [2]int // pattern rule, generic rule
	}{
		// primal 3 arrays, 3 operations; + [1 + 2 + 2], [1 + 3 + 3] vs [3 + 9], [18 + 45]
		{"add_mul_max", [2]int{8, 15}, [2]int{10, 66}},
		// primal 4, 4; + [1 + 3 x 2], [1 + 3 x 3] vs [4 + 16], [32 + 112]
		{"add_mul_max_min", [2]int{11, 24}, [2]int{14, 148}},
		// primal 4, 12; + [4 + 4], [16 + 12] vs [4 + 16], [32 + 112]
		{"mm2", [2]int{12, 24}, [2]int{40, 156}},
		// ZeroQuad q = 2: primal 4, 8; + 2 x [2 + 4], 2 x [8 + 12] vs [4 + 16], [32 + 112]
		{"pair_pair", [2]int{16, 24}, [2]int{48, 152}},
		// primal 9, 45; + [9 + 9], [54 + 45] vs [9 + 81], [162 + 1377]
		{"mm3", [2]int{27, 99}, [2]int{144, 1584}},
	} {
		o := scanOpByName(tc.name)
		special, generic := expandedCost(t, o, false), expandedCost(t, o, true)
		got := [2]irCost{special, generic}
		for i := range got {
			if got[i].scanned != tc.scanned[i] || got[i].scanOps != tc.scanOps[i] {
				t.Errorf("%s (generic %v): scans carry %d arrays with %d operations, want %d and %d",
					tc.name, i == 1, got[i].scanned, got[i].scanOps, tc.scanned[i], tc.scanOps[i])
			}
		}
		t.Logf("%-16s arrays made %3d vs %3d, scanned %3d vs %3d, scan operations %4d vs %4d (pattern vs generic)",
			tc.name, special.arrays, generic.arrays, special.scanned, generic.scanned, special.scanOps, generic.scanOps)
	}
}

// The interpreter allocates less for the pattern rule than for the
// generic one, and both grow linearly: allocation is a count of the
// elements created, not a time.
func TestScanPatternAllocation(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the interpreter at 8n = 16000")
	}
	rng := rand.New(rand.NewSource(11))
	for _, name := range []string{"add_mul_max_min", "mm2", "mm3"} {
		o := scanOpByName(name)
		special := compileSimplified(t, scanOpSource(o), false)
		generic := compileSimplified(t, scanOpSource(o), true)
		at := func(p *interp.Program, n int) uint64 {
			var args []interp.Value
			for j := 0; j < 2*o.k; j++ {
				xs := make([]float64, n)
				for i := range xs {
					xs[i] = 0.9 + 0.2*rng.Float64()
				}
				args = append(args, af(xs...))
			}
			return allocated(t, p, "g", args)
		}
		at(special, 10)
		at(generic, 10)
		const n = 2000
		s1, s8 := at(special, n), at(special, 8*n)
		g1, g8 := at(generic, n), at(generic, 8*n)
		t.Logf("%s: pattern %d and %d bytes at n=%d and 8n (x%.1f); generic %d and %d (x%.1f); generic/pattern %.2f and %.2f",
			name, s1, s8, n, float64(s8)/float64(s1), g1, g8, float64(g8)/float64(g1), float64(g1)/float64(s1), float64(g8)/float64(s8))
		if s8 >= g8 {
			t.Errorf("%s: the pattern rule allocates %d bytes at n=%d, the generic rule %d", name, s8, 8*n, g8)
		}
		if r := float64(s8) / float64(s1); r > 12 {
			t.Errorf("%s: the pattern rule's allocation grows %.1f times from n to 8n", name, r)
		}
	}
}
