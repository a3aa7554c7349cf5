package rev

import (
	"math/rand"
	"testing"

	"github.com/fluxion-lang/fluxion/internal/interp"
	"github.com/fluxion-lang/fluxion/internal/ir"
	"github.com/fluxion-lang/fluxion/internal/prim"
)

// scanOps lists the operators of every Scan in body, nested ones included.
func scanOpsIn(body *ir.Body) []*ir.Lambda {
	var out []*ir.Lambda
	for _, s := range body.Stms {
		if e, ok := s.Exp.(*ir.Scan); ok {
			out = append(out, e.Op)
		}
		for _, nb := range ir.Bodies(s.Exp) {
			if nb != nil {
				out = append(out, scanOpsIn(nb)...)
			}
		}
		for _, l := range ir.Lambdas(s.Exp) {
			out = append(out, scanOpsIn(l.Body)...)
		}
	}
	return out
}

// associativity is a program whose entry f takes three elements x, y, z
// of op's type and returns (x op y) op z followed by x op (y op z).
func associativity(op *ir.Lambda) *ir.Program {
	b := ir.NewBuilder(ir.NewNameSource(1))
	(&ir.Visitor{Use: b.Names().Reserve, Bind: func(p ir.Param) { b.Names().Reserve(p.Name) }}).Lambda(op)
	var params []ir.Param
	var xs [3][]ir.SubExp
	for j := range xs {
		for _, t := range op.Ret {
			p := b.Param("x", t)
			params = append(params, p)
			xs[j] = append(xs[j], ir.Var(p.Name))
		}
	}
	cat := func(a, c []ir.SubExp) []ir.SubExp { return append(append([]ir.SubExp{}, a...), c...) }
	left := inline(b, op, cat(inline(b, op, cat(xs[0], xs[1])), xs[2]))
	right := inline(b, op, cat(xs[0], inline(b, op, cat(xs[1], xs[2]))))
	ret := append(append([]ir.Type{}, op.Ret...), op.Ret...)
	return &ir.Program{Funcs: []*ir.Func{{Name: "f", Params: params, Ret: ret, Body: b.Body(cat(left, right)...)}}}
}

// The operators of the scans a return sweep emits (the affine-map
// compositions of every pattern) are associative. The interpreter scans
// sequentially, which never combines two composite maps, so the product
// order of the matrices is only exercised here (and by the Go backend's
// chunked scans).
func TestScanPatternOperatorsAssociative(t *testing.T) {
	rng := rand.New(rand.NewSource(5))
	checked := 0
	for _, o := range scanOps {
		for _, generic := range []bool{false, true} {
			NoSpecialCases = generic
			p, err := lowerSource(scanOpSource(o))
			if err == nil {
				p, err = Expand(p)
			}
			NoSpecialCases = false
			if err != nil {
				t.Fatalf("%s: %v", o.name, err)
			}
			g := p.Func("g")
			for _, op := range scanOpsIn(g.Body) {
				if len(ir.FreeInLambda(op)) > 0 {
					continue // the primal scan of an operator with free variables
				}
				prog := associativity(op)
				if err := ir.Verify(prog); err != nil {
					t.Fatalf("%s: %v\n%s", o.name, err, prog)
				}
				c, err := interp.Compile(prog)
				if err != nil {
					t.Fatal(err)
				}
				for trial := 0; trial < 3; trial++ {
					var args []interp.Value
					for _, p := range prog.Funcs[0].Params {
						var v prim.Value
						switch p.Type.Elem {
						case prim.Bool:
							v = prim.BoolValue(rng.Intn(2) == 0)
						case prim.I64:
							v = prim.IntValue(prim.I64, int64(rng.Intn(7)-3))
						default:
							v = prim.FloatValue(prim.F64, rng.Float64()*2-1)
						}
						args = append(args, interp.ScalarValue(v))
					}
					res, err := c.Run("f", args)
					if err != nil {
						t.Fatal(err)
					}
					got := flat(res)
					w := len(got) / 2
					for j := 0; j < w; j++ {
						if !closeTo(got[j], got[w+j], 1e-9) {
							t.Errorf("%s (generic %v): scan operator is not associative: (x op y) op z = %v, x op (y op z) = %v\n%s",
								o.name, generic, got[:w], got[w:], prog)
							break
						}
					}
				}
				checked++
			}
		}
	}
	t.Logf("%d scan operators checked", checked)
}
