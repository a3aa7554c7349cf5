package ir

import (
	"fmt"

	"github.com/fluxion-lang/fluxion/internal/prim"
)

// DExpr emits the partial-derivative formula e of internal/prim (its
// constants in type t) over the primal arguments args, folding operations
// on constants, and returns its value. Both AD modes differentiate scalar
// operations through it. A formula that needs a function prim does not
// have (prim.DNone) is an error.
func (b *Builder) DExpr(e prim.DExpr, t prim.Type, args []SubExp) (SubExp, error) {
	sub := func(k int) (SubExp, error) { return b.DExpr(e.Args[k], t, args) }
	two := func() (SubExp, SubExp, error) {
		x, err := sub(0)
		if err != nil {
			return SubExp{}, SubExp{}, err
		}
		y, err := sub(1)
		return x, y, err
	}
	switch e.Kind {
	case prim.DArg:
		return args[e.Arg], nil
	case prim.DConst:
		switch {
		case t == prim.Bool:
			return Bool(e.Const != 0), nil
		case t.IsFloat():
			return Const(prim.FloatValue(t, e.Const)), nil
		}
		return Const(prim.IntValue(t, int64(e.Const))), nil
	case prim.DZero:
		return Const(prim.Zero(b.Type(args[e.Arg]).Elem)), nil
	case prim.DBin:
		x, y, err := two()
		if err != nil {
			return SubExp{}, err
		}
		if x.IsConst && y.IsConst {
			if v, err := prim.EvalBinOp(e.Bin, x.Const.Type(), x.Const, y.Const); err == nil {
				return Const(v), nil
			}
		}
		return b.BinOp(e.Bin, x, y), nil
	case prim.DCmp:
		x, y, err := two()
		if err != nil {
			return SubExp{}, err
		}
		if x.IsConst && y.IsConst {
			if v, err := prim.EvalCmpOp(e.Cmp, x.Const.Type(), x.Const, y.Const); err == nil {
				return Const(v), nil
			}
		}
		return b.CmpOp(e.Cmp, x, y), nil
	case prim.DUn:
		x, err := sub(0)
		if err != nil {
			return SubExp{}, err
		}
		if x.IsConst {
			if v, err := prim.EvalUnOp(e.Un, x.Const.Type(), x.Const); err == nil {
				return Const(v), nil
			}
		}
		return b.UnOp(e.Un, x), nil
	case prim.DFunc:
		xs := make([]SubExp, len(e.Args))
		for k := range e.Args {
			x, err := sub(k)
			if err != nil {
				return SubExp{}, err
			}
			xs[k] = x
		}
		name := e.Fn + "_" + b.Type(xs[0]).Elem.String()
		fn, ok := prim.LookupFunc(name)
		if !ok {
			return SubExp{}, fmt.Errorf("internal error: derivative uses unknown function %s", name)
		}
		return b.Call(fn, xs...), nil
	case prim.DSelect:
		c, err := sub(0)
		if err != nil {
			return SubExp{}, err
		}
		if c.IsConst {
			// Only the chosen branch is evaluated, so the other may be
			// left out.
			if c.Const.Bool() {
				return sub(1)
			}
			return sub(2)
		}
		tb, eb := b.Sub(), b.Sub()
		x, err := tb.DExpr(e.Args[1], t, args)
		if err != nil {
			return SubExp{}, err
		}
		y, err := eb.DExpr(e.Args[2], t, args)
		if err != nil {
			return SubExp{}, err
		}
		return b.Let("sel", &If{Cond: c, Then: tb.Body(x), Else: eb.Body(y), Ret: []Type{tb.Type(x)}}), nil
	case prim.DNone:
		return SubExp{}, fmt.Errorf("cannot differentiate further: the derivative needs %s, which is not available", e.Fn)
	}
	return SubExp{}, fmt.Errorf("internal error: unknown derivative formula %v", e)
}
