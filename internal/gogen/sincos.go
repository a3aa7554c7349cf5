package gogen

import (
	"github.com/fluxion-lang/fluxion/internal/ir"
	"github.com/fluxion-lang/fluxion/internal/prim"
)

// sinCosPair is a sine and a cosine of the same operand in one body.
type sinCosPair struct {
	first, second *ir.Stm
	arg           ir.SubExp
	t             prim.Type
	vars          [2]string // the Go variables of Sincos's results, once emitted
}

// pairSinCos finds, in the statements of b, a sine and a cosine of the
// same f64 or f32 variable, which one math.Sincos computes together (Go's
// Sincos gives the bits Sin and Cos give, at about the cost of one).
func (g *gen) pairSinCos(b *ir.Body) {
	type key struct {
		v ir.VName
		t prim.Type
	}
	seen := map[key]*ir.Stm{}
	for _, s := range b.Stms {
		c, ok := s.Exp.(*ir.Call)
		if !ok || len(c.Args) != 1 || c.Args[0].IsConst || (c.Fn.Fn != "sin" && c.Fn.Fn != "cos") || (c.Fn.Ret != prim.F64 && c.Fn.Ret != prim.F32) {
			continue
		}
		k := key{c.Args[0].Var, c.Fn.Ret}
		first, ok := seen[k]
		switch {
		case !ok:
			seen[k] = s
		case first != nil && first.Exp.(*ir.Call).Fn.Fn != c.Fn.Fn:
			p := &sinCosPair{first: first, second: s, arg: c.Args[0], t: c.Fn.Ret}
			g.sincos[first], g.sincos[s] = p, p
			seen[k] = nil // paired
		}
	}
}

// sinCos emits statement s if it is half of a pair of pairSinCos: the first
// computes both with math.Sincos, the second takes its result.
func (g *gen) sinCos(s *ir.Stm) bool {
	p, ok := g.sincos[s]
	if !ok {
		return false
	}
	if s == p.first {
		p.vars = [2]string{g.fresh("sin"), g.fresh("cos")}
		x := g.operand(p.arg)
		if p.t == prim.F32 {
			x = "float64(" + x + ")"
		}
		g.p("%s, %s := math.Sincos(%s)", p.vars[0], p.vars[1], x)
	}
	v := p.vars[0]
	if s.Exp.(*ir.Call).Fn.Fn == "cos" {
		v = p.vars[1]
	}
	if p.t == prim.F32 {
		v = "float32(" + v + ")"
	}
	g.bind(s.Pat[0], v)
	return true
}
