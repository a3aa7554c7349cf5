package rev

import (
	"github.com/fluxion-lang/fluxion/internal/ir"
	"github.com/fluxion-lang/fluxion/internal/prim"
)

// Accumulator code (what an inner vjp expands to) is rewritten into plain
// array code before it is differentiated, so that vjp of vjp works
// (slowly, as LANGUAGE.md §14.1 allows): an accumulator becomes the array
// it writes to, an update adds in place, and a map that passes
// accumulators becomes a sequential loop over its rows.

// deacc rewrites one statement whose expression may hold accumulators.
type deacc struct {
	accs ir.Names // names that were accumulators
}

func arrType(t ir.Type) ir.Type {
	if t.Acc {
		return t.ArrayType()
	}
	return t
}

func (d *deacc) params(b *ir.Builder, ps []ir.Param) []ir.Param {
	out := make([]ir.Param, len(ps))
	for i, p := range ps {
		if p.Type.Acc {
			d.accs.Add(p.Name)
		}
		out[i] = ir.Param{Name: p.Name, Type: arrType(p.Type)}
		b.Declare(out[i])
	}
	return out
}

func (d *deacc) body(b *ir.Builder, body *ir.Body) *ir.Body {
	out := b.Sub()
	for _, s := range body.Stms {
		out.Pos = s.Pos
		d.stm(out, s)
	}
	return out.Body(body.Result...)
}

func (d *deacc) lambda(b *ir.Builder, l *ir.Lambda) *ir.Lambda {
	ps := d.params(b, l.Params)
	ret := make([]ir.Type, len(l.Ret))
	for i, t := range l.Ret {
		ret[i] = arrType(t)
	}
	return &ir.Lambda{Params: ps, Body: d.body(b, l.Body), Ret: ret}
}

func (d *deacc) stm(b *ir.Builder, s *ir.Stm) {
	pat := d.params(b, s.Pat)
	switch e := s.Exp.(type) {
	case *ir.WithAcc:
		for i, in := range e.Inputs {
			if in.Op != nil {
				// Only the addition of the element type (|| for bool) is
				// what an update in place below computes.
				t, _ := b.TypeOf(in.Arr)
				if op, ok := binOpOf(in.Op); !ok || op != addOp(t.Elem) {
					fail(s.Pos, "cannot differentiate accumulators with a custom operator")
				}
			}
			p := d.params(b, e.F.Params[i:i+1])
			b.Bind(p, &ir.Copy{Arr: in.Arr})
		}
		body := d.body(b, e.F.Body)
		for _, st := range body.Stms {
			b.Add(st)
		}
		for i, p := range pat {
			b.Bind([]ir.Param{p}, &ir.Atom{X: body.Result[i]})
		}
	case *ir.UpdAcc:
		// Out-of-range updates are ignored, as UpdAcc ignores them.
		shape := make(ir.Shape, len(e.Idx))
		for k := range e.Idx {
			shape[k] = b.Let("n", &ir.Size{Arr: e.Acc, Dim: k})
		}
		ok := inRange(b, e.Idx, shape)
		tb, eb := b.Sub(), b.Sub()
		old := tb.Let("old", &ir.Index{Arr: e.Acc, Idx: e.Idx})
		nv := addValues(tb, tb.Type(old), old, e.Val)
		dims := make([]ir.DimSlice, len(e.Idx))
		for k, x := range e.Idx {
			dims[k] = ir.DimSlice{Fixed: true, I: x}
		}
		up := tb.Let("upd", &ir.Update{Arr: e.Acc, Dims: dims, Val: nv})
		b.Bind(pat, &ir.If{Cond: ok, Then: tb.Body(up), Else: eb.Body(ir.Var(e.Acc)), Ret: []ir.Type{pat[0].Type}})
	case *ir.Map:
		hasAcc := false
		for _, a := range e.Arrs {
			if d.accs.Has(a) {
				hasAcc = true
			}
		}
		if !hasAcc {
			c := *e
			c.F = d.lambda(b, e.F)
			b.Bind(pat, &c)
			return
		}
		d.mapLoop(b, pat, e)
	case *ir.If:
		c := *e
		c.Then, c.Else = d.body(b, e.Then), d.body(b, e.Else)
		c.Ret = make([]ir.Type, len(e.Ret))
		for i, t := range e.Ret {
			c.Ret[i] = arrType(t)
		}
		b.Bind(pat, &c)
	case *ir.Loop:
		c := *e
		c.Params = d.params(b, e.Params)
		if f, ok := e.Form.(*ir.For); ok {
			b.Declare(ir.Param{Name: f.I, Type: ir.Scalar(f.T)})
		}
		c.Body = d.body(b, e.Body)
		b.Bind(pat, &c)
	default:
		b.Bind(pat, s.Exp)
	}
}

// mapLoop runs a map that passes accumulators as a loop over its rows
// carrying the arrays and collecting the other results.
func (d *deacc) mapLoop(b *ir.Builder, pat []ir.Param, e *ir.Map) {
	f := d.lambda(b, e.F)
	var accIn []int
	for k, a := range e.Arrs {
		if d.accs.Has(a) {
			accIn = append(accIn, k)
		}
	}
	nacc := len(accIn)
	// The lambda returns its accumulators first, in parameter order.
	i := b.Param("i", ir.Scalar(prim.I64))
	var params []ir.Param
	var init []ir.SubExp
	for _, k := range accIn {
		params = append(params, b.Param("acc", f.Params[k].Type))
		init = append(init, ir.Var(e.Arrs[k]))
	}
	for _, p := range pat[nacc:] {
		for _, dim := range p.Type.Shape[1:] {
			if dim.IsNone() {
				fail(b.Pos, "cannot differentiate accumulator code whose map results have unknown sizes")
			}
		}
		params = append(params, b.Param("out", p.Type))
		init = append(init, b.Let("out", &ir.Scratch{Elem: p.Type.Elem, Shape: append(ir.Shape{e.W}, p.Type.Shape[1:]...)}))
	}
	lb := b.Sub()
	sub := map[ir.VName]ir.SubExp{}
	a := 0
	for k, p := range f.Params {
		if a < nacc && accIn[a] == k {
			sub[p.Name] = ir.Var(params[a].Name)
			a++
			continue
		}
		sub[p.Name] = lb.Let(p.Name.Base, &ir.Index{Arr: e.Arrs[k], Idx: []ir.SubExp{ir.Var(i.Name)}})
	}
	body := renameBody(lb, ir.Substitute(f.Body, sub))
	for _, st := range body.Stms {
		lb.Add(st)
	}
	res := append([]ir.SubExp{}, body.Result[:nacc]...)
	for j, p := range params[nacc:] {
		res = append(res, lb.Let("out", &ir.Update{Arr: p.Name, Dims: []ir.DimSlice{{Fixed: true, I: ir.Var(i.Name)}}, Val: body.Result[nacc+j]}))
	}
	b.Bind(pat, &ir.Loop{Params: params, Init: init, Form: &ir.For{I: i.Name, T: prim.I64, Bound: e.W}, Body: lb.Body(res...)})
}
