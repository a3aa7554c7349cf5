package rev

import (
	"github.com/fluxion-lang/fluxion/internal/ir"
	"github.com/fluxion-lang/fluxion/internal/prim"
)

// stripmineAttr returns k for a loop marked #[stripmine(k)].
func stripmineAttr(l *ir.Loop) (int, bool) {
	for _, a := range l.Attrs {
		if a.Name == "stripmine" && len(a.Args) == 1 && a.Args[0] >= 1 {
			return int(a.Args[0]), true
		}
	}
	return 0, false
}

// prepareBody rewrites the for loops marked #[stripmine(k)] in body and
// in the bodies nested in it.
func prepareBody(b *ir.Builder, body *ir.Body) *ir.Body {
	out := b.Sub()
	for _, s := range body.Stms {
		out.Pos = s.Pos
		switch e := s.Exp.(type) {
		case *ir.Loop:
			c := *e
			c.Body = prepareBody(b, e.Body)
			if f, ok := e.Form.(*ir.For); ok {
				if k, ok := stripmineAttr(e); ok && k > 1 {
					stripmine(out, s.Pat, &c, f, k)
					continue
				}
			}
			out.Add(&ir.Stm{Pat: s.Pat, Exp: &c, Pos: s.Pos})
		case *ir.WithAcc:
			d := &deacc{accs: ir.Names{}}
			sb := b.Sub()
			sb.Pos = s.Pos
			d.stm(sb, s)
			for _, st := range prepareBody(b, sb.Body()).Stms {
				out.Add(st)
			}
		case *ir.If:
			c := *e
			c.Then, c.Else = prepareBody(b, e.Then), prepareBody(b, e.Else)
			out.Add(&ir.Stm{Pat: s.Pat, Exp: &c, Pos: s.Pos})
		case *ir.Map:
			c := *e
			c.F = &ir.Lambda{Params: e.F.Params, Body: prepareBody(b, e.F.Body), Ret: e.F.Ret}
			out.Add(&ir.Stm{Pat: s.Pat, Exp: &c, Pos: s.Pos})
		case *ir.Scan:
			if inner, ok := vectorised(e.Op); ok {
				columns(out, s.Pat, e.W, e.Arrs, e.Neutral, inner, false)
				continue
			}
			out.Add(s)
		case *ir.Reduce:
			if inner, ok := vectorised(e.Op); ok && !NoSpecialCases {
				columns(out, s.Pat, e.W, e.Arrs, e.Neutral, inner, true)
				continue
			}
			out.Add(s)
		default:
			out.Add(s)
		}
	}
	return out.Body(body.Result...)
}

// powK emits x**k by repeated multiplication.
func powK(b *ir.Builder, x ir.SubExp, k int) ir.SubExp {
	p := ir.I64(1)
	for i := 0; i < k; i++ {
		p = b.BinOp(prim.Mul, p, x)
	}
	return p
}

func selectI64(b *ir.Builder, c, x, y ir.SubExp) ir.SubExp {
	tb, eb := b.Sub(), b.Sub()
	return b.Let("sel", &ir.If{Cond: c, Then: tb.Body(x), Else: eb.Body(y), Ret: []ir.Type{ir.Scalar(prim.I64)}})
}

// stripmine emits loop l of n iterations as k nested loops of m =
// floor(n^(1/k)) iterations each followed by a loop of the n - m^k
// remaining ones (seed 000): reverse mode then keeps about k*m
// checkpoints instead of n, for k+2 times the computation.
func stripmine(b *ir.Builder, pat []ir.Param, l *ir.Loop, f *ir.For, k int) {
	n := f.Bound
	if f.T != prim.I64 {
		n = b.Call(convFn(f.T, prim.I64), n)
	}
	maxI, _ := prim.LookupFunc("max_i64")
	n = b.Call(maxI, n, ir.I64(0))
	nf := b.Call(convFn(prim.I64, prim.F64), n)
	mf := b.BinOp(prim.Pow, nf, ir.Const(prim.FloatValue(prim.F64, 1/float64(k))))
	m := b.Call(convFn(prim.F64, prim.I64), mf)
	// Correct the rounding of the floating-point root by one either way.
	up := b.BinOp(prim.Add, m, ir.I64(1))
	m = selectI64(b, b.CmpOp(prim.Le, powK(b, up, k), n), up, m)
	down := b.BinOp(prim.Sub, m, ir.I64(1))
	m = selectI64(b, b.CmpOp(prim.Gt, powK(b, m, k), n), down, m)
	mk := powK(b, m, k)
	rest := b.BinOp(prim.Sub, n, mk)
	// body emits one iteration at index i (i64) with the parameters ps.
	body := func(ib *ir.Builder, i ir.SubExp, ps []ir.Param) []ir.SubExp {
		if f.T != prim.I64 {
			i = ib.Call(convFn(prim.I64, f.T), i)
		}
		sub := map[ir.VName]ir.SubExp{f.I: i}
		for j, p := range l.Params {
			sub[p.Name] = ir.Var(ps[j].Name)
		}
		bd := renameBody(ib, ir.Substitute(l.Body, sub))
		for _, s := range bd.Stms {
			ib.Add(s)
		}
		return bd.Result
	}
	fresh := func() []ir.Param {
		ps := make([]ir.Param, len(l.Params))
		for j, p := range l.Params {
			ps[j] = b.Param(p.Name.Base, p.Type)
		}
		return ps
	}
	var nest func(lb *ir.Builder, d int, base ir.SubExp, init []ir.SubExp) []ir.SubExp
	nest = func(lb *ir.Builder, d int, base ir.SubExp, init []ir.SubExp) []ir.SubExp {
		idx := lb.Param("i", ir.Scalar(prim.I64))
		ps := fresh()
		ib := lb.Sub()
		cur := ir.Var(idx.Name)
		if d > 0 {
			cur = ib.BinOp(prim.Add, ib.BinOp(prim.Mul, base, m), cur)
		}
		var res []ir.SubExp
		if d == k-1 {
			res = body(ib, cur, ps)
		} else {
			res = nest(ib, d+1, cur, vars(paramNames(ps)))
		}
		out := fresh()
		lb.Bind(out, &ir.Loop{Params: ps, Init: init, Form: &ir.For{I: idx.Name, T: prim.I64, Bound: m}, Body: ib.Body(res...)})
		return vars(paramNames(out))
	}
	vals := nest(b, 0, ir.I64(0), l.Init)
	// The remaining iterations m^k, ..., n-1.
	idx := b.Param("i", ir.Scalar(prim.I64))
	ps := fresh()
	ib := b.Sub()
	res := body(ib, ib.BinOp(prim.Add, mk, ir.Var(idx.Name)), ps)
	b.Bind(pat, &ir.Loop{Params: ps, Init: vals, Form: &ir.For{I: idx.Name, T: prim.I64, Bound: rest}, Body: ib.Body(res...)})
}

// vectorised recognises an operator \a b -> map f a b over rows and
// returns f.
func vectorised(op *ir.Lambda) (*ir.Lambda, bool) {
	// Besides the map, only the lowering's checks that rows have equal
	// lengths (which the columns form makes moot) may appear.
	var s *ir.Stm
	for _, st := range op.Body.Stms {
		switch st.Exp.(type) {
		case *ir.Map:
			if s != nil {
				return nil, false
			}
			s = st
		case *ir.Cmp, *ir.Assert, *ir.Size:
		default:
			return nil, false
		}
	}
	if s == nil {
		return nil, false
	}
	m := s.Exp.(*ir.Map)
	if len(m.Arrs) != len(op.Params) || len(op.Body.Result) != len(s.Pat) {
		return nil, false
	}
	for i, p := range op.Params {
		if m.Arrs[i] != p.Name || p.Type.Rank() != 1 {
			return nil, false
		}
	}
	for i, r := range op.Body.Result {
		if !r.IsVar() || r.Var != s.Pat[i].Name {
			return nil, false
		}
	}
	// The inner operator may not read the rows whole nor names bound
	// beside the map.
	bound := ir.BoundInBody(op.Body)
	for n := range ir.FreeInLambda(m.F) {
		if isParam(op.Params, n) || bound.Has(n) {
			return nil, false
		}
	}
	return m.F, true
}

// columns emits a scan (or reduction) whose operator maps f over rows as
// a map over the columns of a scan (reduction) with f: transpose, map the
// SOAC, transpose back; the rules for scalar elements then apply.
func columns(b *ir.Builder, pat []ir.Param, w ir.SubExp, arrs []ir.VName, neutral []ir.SubExp, f *ir.Lambda, reduce bool) {
	k := len(arrs)
	var cols, nes []ir.VName
	for _, a := range arrs {
		cols = append(cols, b.Let("cols", &ir.Rearrange{Arr: a, Perm: []int{1, 0}}).Var)
	}
	for _, n := range neutral {
		if !n.IsVar() {
			fail(b.Pos, "internal error: constant array neutral element")
		}
		nes = append(nes, n.Var)
	}
	t0, _ := b.TypeOf(arrs[0])
	m := t0.Shape[1]
	if m.IsNone() {
		m = b.Let("m", &ir.Size{Arr: arrs[0], Dim: 1})
	}
	var types []ir.Type
	for i := 0; i < k; i++ {
		ct, _ := b.TypeOf(cols[i])
		types = append(types, ct.Row())
	}
	for i := 0; i < k; i++ {
		nt, _ := b.TypeOf(nes[i])
		types = append(types, nt.Row())
	}
	lam := b.Lambda(types, func(lb *ir.Builder, ps []ir.SubExp) []ir.SubExp {
		var col []ir.VName
		for _, p := range ps[:k] {
			col = append(col, p.Var)
		}
		if reduce {
			return vars(lb.Reduce(w, col, ps[k:], renameLambda(lb, f)))
		}
		return vars(lb.Scan(w, col, ps[k:], renameLambda(lb, f)))
	})
	res := b.Map(m, append(cols, nes...), lam)
	for i, p := range pat {
		if reduce {
			// One value per column is already the reduced row.
			b.Bind([]ir.Param{p}, &ir.Atom{X: ir.Var(res[i])})
			continue
		}
		b.Bind([]ir.Param{p}, &ir.Rearrange{Arr: res[i], Perm: []int{1, 0}})
	}
}
