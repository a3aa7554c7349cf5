package gogen

import (
	"github.com/fluxion-lang/fluxion/internal/ir"
	"github.com/fluxion-lang/fluxion/internal/prim"
)

// Pairs: two scalar statements of one body that one Go call computes
// together. A sine and a cosine of the same operand are one math.Sincos
// (Go's Sincos gives the bits Sin and Cos give, at about the cost of one);
// a quotient and a remainder of the same operands are one division
// (`r / f` and `r % f`, the usual decoding of a flat index, cost one
// hardware divide instead of two).

// pair is two statements computed by the first one's Go call.
type pair struct {
	first, second *ir.Stm
	kind          pairKind
	firstHalf     int       // which of the call's results the first statement takes
	vars          [2]string // the Go variables of the call's two results, once emitted
}

type pairKind int

const (
	sinCos  pairKind = iota // results: sine, cosine
	divMod                  // results: quotient, remainder
	quotRem                 // results: quotient, remainder (truncating)
	udivMod                 // results: quotient, remainder (unsigned)
)

// pairKey identifies what a pairable statement computes but for which of
// the two results it is.
type pairKey struct {
	kind pairKind
	t    prim.Type
	x, y string
}

// pairable reports whether s can be half of a pair, and which half (0 or
// 1: the first or the second result of the pair's call).
func pairable(s *ir.Stm) (pairKey, int, bool) {
	switch e := s.Exp.(type) {
	case *ir.Call:
		if len(e.Args) != 1 || e.Args[0].IsConst || (e.Fn.Ret != prim.F64 && e.Fn.Ret != prim.F32) {
			break
		}
		k := pairKey{kind: sinCos, t: e.Fn.Ret, x: e.Args[0].String()}
		switch e.Fn.Fn {
		case "sin":
			return k, 0, true
		case "cos":
			return k, 1, true
		}
	case *ir.Bin:
		// A positive constant divisor is a multiplication in Go already.
		if !e.T.IsInt() || byPositiveConst(e) {
			break
		}
		k := pairKey{t: e.T, x: e.X.String(), y: e.Y.String()}
		half := 0
		switch e.Op {
		case prim.Div, prim.Mod:
			k.kind = divMod
			if e.Op == prim.Mod {
				half = 1
			}
		case prim.Quot, prim.Rem:
			k.kind = quotRem
			if e.Op == prim.Rem {
				half = 1
			}
		default:
			return k, 0, false
		}
		if e.T.IsUnsigned() {
			// Floor and truncation agree on unsigned operands.
			k.kind = udivMod
		}
		return k, half, true
	}
	return pairKey{}, 0, false
}

// byPositiveConst reports whether e divides a signed integer by a positive
// constant, which cannot fail (Go divides by a constant with a
// multiplication).
func byPositiveConst(e *ir.Bin) bool {
	return e.T.IsSigned() && e.Y.IsConst && e.Y.Const.Int() > 0
}

// findPairs finds, in the statements of b, the pairs one call computes
// together (each statement in one pair at most).
func (g *gen) findPairs(b *ir.Body) {
	type seen struct {
		s    *ir.Stm
		half int
	}
	open := map[pairKey]*seen{}
	for _, s := range b.Stms {
		k, half, ok := pairable(s)
		if !ok {
			continue
		}
		first, ok := open[k]
		switch {
		case !ok:
			open[k] = &seen{s, half}
		case first != nil && first.half != half:
			p := &pair{first: first.s, second: s, kind: k.kind, firstHalf: first.half}
			g.pairs[first.s], g.pairs[s] = p, p
			open[k] = nil // paired
		}
	}
}

// emitPair emits statement s if it is half of a pair of findPairs: the
// first computes both results, the second takes its result.
func (g *gen) emitPair(s *ir.Stm) bool {
	p, ok := g.pairs[s]
	if !ok {
		return false
	}
	if s == p.first {
		switch e := s.Exp.(type) {
		case *ir.Call:
			p.vars = [2]string{g.fresh("sin"), g.fresh("cos")}
			x := g.operand(e.Args[0])
			if e.Fn.Ret == prim.F32 {
				x = "float64(" + x + ")"
			}
			g.p("%s, %s := math.Sincos(%s)", p.vars[0], p.vars[1], x)
		case *ir.Bin:
			p.vars = [2]string{g.fresh("quo"), g.fresh("rem")}
			fn := map[pairKind]string{divMod: "sdivmod", quotRem: "squotrem", udivMod: "udivmod"}[p.kind]
			g.p("%s, %s := %s(%s, %s, %s)", p.vars[0], p.vars[1], fn, posLit(s.Pos), g.operand(e.X), g.operand(e.Y))
		}
	}
	half := p.firstHalf
	if s == p.second {
		half = 1 - half
	}
	v := p.vars[half]
	if c, ok := s.Exp.(*ir.Call); ok && c.Fn.Ret == prim.F32 {
		v = "float32(" + v + ")"
	}
	g.bind(s.Pat[0], v)
	return true
}
