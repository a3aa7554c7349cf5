package ad

import (
	"fmt"

	"github.com/fluxion-lang/fluxion/internal/ad/rev"
	"github.com/fluxion-lang/fluxion/internal/ir"
)

// Error is a program that AD cannot differentiate, in either mode (the
// type is reverse mode's, which this package builds on).
type Error = rev.Error

// failure carries an Error out of the recursive rules to Expand.
type failure struct{ err *Error }

func fail(pos ir.Pos, format string, args ...any) {
	panic(failure{&Error{Pos: pos, Msg: fmt.Sprintf(format, args...)}})
}

// Expand returns p with every AD operator replaced by ordinary IR. The
// input program is not modified.
func Expand(p *ir.Program) (*ir.Program, error) {
	out := &ir.Program{Funcs: make([]*ir.Func, len(p.Funcs))}
	for i, f := range p.Funcs {
		g, err := ExpandFunc(f)
		if err != nil {
			return nil, err
		}
		out.Funcs[i] = g
	}
	return out, nil
}

// ExpandFunc expands the AD operators of one function (see Expand).
func ExpandFunc(f *ir.Func) (out *ir.Func, err error) {
	defer func() {
		if r := recover(); r != nil {
			switch r := r.(type) {
			case failure:
				r.err.Func = f.Name
				err = r.err
			case *ir.BuildError:
				err = &Error{Func: f.Name, Pos: f.Pos, Msg: "internal error: " + r.Error()}
			default:
				panic(r)
			}
		}
	}()
	if f.Body == nil {
		return nil, &Error{Func: f.Name, Pos: f.Pos, Msg: "function without body"}
	}
	b := ir.BuilderFor(f)
	x := &expander{b: b}
	g := *f
	g.Body = x.body(f.Body)
	return &g, nil
}

// expander rebuilds bodies with the AD operators inside them expanded.
type expander struct {
	b *ir.Builder
	// depth counts the jvp and vjp functions around the code being
	// expanded.
	depth int
}

func (x *expander) body(body *ir.Body) *ir.Body {
	if body == nil {
		return nil
	}
	out := x.b.Sub()
	for _, s := range body.Stms {
		s = x.nested(s)
		out.Pos = s.Pos
		switch e := s.Exp.(type) {
		case *ir.JVP:
			expandJVP(out, s, e)
		case *ir.VJP:
			expandVJP(out, s, e, x.depth > 0)
		default:
			out.Add(s)
		}
	}
	return out.Body(body.Result...)
}

func (x *expander) lambda(l *ir.Lambda) *ir.Lambda {
	if l == nil {
		return nil
	}
	return &ir.Lambda{Params: l.Params, Body: x.body(l.Body), Ret: l.Ret}
}

// nested returns s with the bodies and lambdas inside it expanded, so that
// inner operators are expanded before the operator that contains them.
func (x *expander) nested(s *ir.Stm) *ir.Stm {
	switch s.Exp.(type) {
	case *ir.JVP, *ir.VJP:
		x.depth++
		defer func() { x.depth-- }()
	}
	e := ir.MapChildren(s.Exp, x.body, x.lambda)
	if e == s.Exp {
		return s
	}
	return &ir.Stm{Pat: s.Pat, Exp: e, Pos: s.Pos}
}
