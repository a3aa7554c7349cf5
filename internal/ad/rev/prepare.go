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

// Prepare returns p with the function of every vjp prepared as reverse
// mode prepares it before differentiating it (prepareBody): the rewrites
// before AD as a pass of their own, which `fluxion dump` can show.
// Reverse mode still prepares the code inner vjps expand to; preparing
// prepared code changes nothing. p is not modified.
func Prepare(p *ir.Program) (*ir.Program, error) {
	out := &ir.Program{Funcs: make([]*ir.Func, len(p.Funcs))}
	for i, f := range p.Funcs {
		g, err := prepareFunc(f)
		if err != nil {
			return nil, err
		}
		out.Funcs[i] = g
	}
	return out, nil
}

func prepareFunc(f *ir.Func) (out *ir.Func, err error) {
	defer catch(&err, f.Name, f.Pos)
	b := ir.BuilderFor(f)
	var body func(*ir.Body) *ir.Body
	var lambda func(*ir.Lambda) *ir.Lambda
	body = func(bd *ir.Body) *ir.Body {
		stms := make([]*ir.Stm, len(bd.Stms))
		for i, s := range bd.Stms {
			e := ir.MapChildren(s.Exp, body, lambda)
			if v, ok := e.(*ir.VJP); ok {
				c := *v
				c.F = &ir.Lambda{Params: v.F.Params, Body: prepareBody(b, v.F.Params, v.F.Body), Ret: v.F.Ret}
				e = &c
			}
			stms[i] = &ir.Stm{Pat: s.Pat, Exp: e, Pos: s.Pos}
		}
		return &ir.Body{Stms: stms, Result: bd.Result}
	}
	lambda = func(l *ir.Lambda) *ir.Lambda {
		return &ir.Lambda{Params: l.Params, Body: body(l.Body), Ret: l.Ret}
	}
	g := *f
	g.Body = body(f.Body)
	return &g, nil
}

// prepareBody rewrites, in body and in the bodies nested in it, what the
// rules of the return sweep do not take as it is: the for loops marked
// #[stripmine(k)], accumulator code from an inner vjp (deacc.go), scans
// and reductions with vectorised operators (columns), reductions and
// scans whose neutral element depends on a differentiated value
// (presence flags, opfree.go), reduce_by_index with several index
// arrays (flattened) and reduce_by_index of rows with a vectorised
// operator other than + (columns).
func prepareBody(b *ir.Builder, params []ir.Param, body *ir.Body) *ir.Body {
	p := &prep{active: ir.Names{}}
	// Only the vjp's parameters are differentiated: what the body reads
	// from outside is a constant here, whose adjoint nobody asks for.
	for _, q := range params {
		p.mark(q.Name, q.Type)
	}
	return p.body(b, body)
}

// prep carries the names that may depend on a differentiated value
// (floating-point ones only; a superset).
type prep struct{ active ir.Names }

func (p *prep) mark(v ir.VName, t ir.Type) {
	if t.Elem.IsFloat() && !t.Acc {
		p.active.Add(v)
	}
}

// activeExp reports whether e reads a name that may depend on a
// differentiated value.
func (p *prep) activeExp(e ir.Exp) bool {
	for v := range ir.FreeInExp(e) {
		if p.active.Has(v) {
			return true
		}
	}
	return false
}

func (p *prep) body(b *ir.Builder, body *ir.Body) *ir.Body {
	out := b.Sub()
	for _, s := range body.Stms {
		p.stm(b, out, s)
	}
	return out.Body(body.Result...)
}

// again prepares the statements that a rewrite emitted into sb.
func (p *prep) again(b, out, sb *ir.Builder) {
	for _, st := range sb.Body().Stms {
		p.stm(b, out, st)
	}
}

// stm appends the prepared form of s to out; b is the enclosing
// function's builder (for nested bodies).
func (p *prep) stm(b, out *ir.Builder, s *ir.Stm) {
	out.Pos = s.Pos
	if p.activeExp(s.Exp) {
		for _, q := range s.Pat {
			p.mark(q.Name, q.Type)
		}
	}
	sb := b.Sub()
	sb.Pos = s.Pos
	switch e := s.Exp.(type) {
	case *ir.Loop:
		c := *e
		// Loop parameters: whatever the iterations make of them.
		for _, q := range e.Params {
			p.mark(q.Name, q.Type)
		}
		c.Body = p.body(b, e.Body)
		if f, ok := e.Form.(*ir.For); ok {
			if k, ok := stripmineAttr(e); ok && k > 1 {
				stripmine(out, s.Pat, &c, f, k)
				return
			}
		}
		out.Add(&ir.Stm{Pat: s.Pat, Exp: &c, Pos: s.Pos})
	case *ir.WithAcc:
		d := &deacc{accs: ir.Names{}}
		d.stm(sb, s)
		p.again(b, out, sb)
	case *ir.If:
		c := *e
		c.Then, c.Else = p.body(b, e.Then), p.body(b, e.Else)
		out.Add(&ir.Stm{Pat: s.Pat, Exp: &c, Pos: s.Pos})
	case *ir.Map:
		for i, q := range e.F.Params {
			if i < len(e.Arrs) && p.active.Has(e.Arrs[i]) {
				p.mark(q.Name, q.Type)
			}
		}
		c := *e
		c.F = &ir.Lambda{Params: e.F.Params, Body: p.body(b, e.F.Body), Ret: e.F.Ret}
		out.Add(&ir.Stm{Pat: s.Pat, Exp: &c, Pos: s.Pos})
	case *ir.Scan:
		if inner, ok := vectorised(e.Op); ok {
			columns(sb, s.Pat, e.W, e.Arrs, e.Neutral, inner, false)
			p.again(b, out, sb)
			return
		}
		if p.activeNeutral(e.Neutral) {
			flagScan(out, s.Pat, e)
			return
		}
		out.Add(s)
	case *ir.Reduce:
		if inner, ok := vectorised(e.Op); ok && !NoSpecialCases {
			columns(sb, s.Pat, e.W, e.Arrs, e.Neutral, inner, true)
			p.again(b, out, sb)
			return
		}
		if p.activeNeutral(e.Neutral) {
			flagReduce(out, s.Pat, e)
			return
		}
		out.Add(s)
	case *ir.Hist:
		plus := len(e.Dests) == 1 && isAddOp(e.Op) || componentwiseAdd(e.Op)
		if len(e.Inds) > 1 && !plus {
			flattenHist(sb, s.Pat, e)
			p.again(b, out, sb)
			return
		}
		dt, _ := b.TypeOf(e.Dests[0])
		if inner, ok := vectorised(e.Op); ok && dt.Rank() == len(e.Inds)+1 && !plus {
			histColumns(sb, s.Pat, e, inner)
			p.again(b, out, sb)
			return
		}
		out.Add(s)
	default:
		out.Add(s)
	}
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

// sizes is the shape of arr with unknown sizes read at run time.
func sizes(b *ir.Builder, arr ir.VName) ir.Shape {
	t, _ := b.TypeOf(arr)
	sh := make(ir.Shape, len(t.Shape))
	for i, d := range t.Shape {
		if d.IsNone() {
			d = b.Let("n", &ir.Size{Arr: arr, Dim: i})
		}
		sh[i] = d
	}
	return sh
}

// flattenHist emits a reduce_by_index with several index arrays as one
// over the flattened indexed dimensions (out-of-range indices as -1),
// as the prelude's reduce_by_index_2d does, so that the rules for one
// index array apply.
func flattenHist(b *ir.Builder, pat []ir.Param, e *ir.Hist) {
	p := len(e.Inds)
	dims := sizes(b, e.Dests[0])[:p]
	total := dims[0]
	for _, d := range dims[1:] {
		total = b.BinOp(prim.Mul, total, d)
	}
	var flat []ir.VName
	for _, d := range e.Dests {
		sh := append(ir.Shape{total}, sizes(b, d)[p:]...)
		flat = append(flat, b.Let(d.Base+"_flat", &ir.Reshape{Arr: d, Shape: sh}).Var)
	}
	i64 := ir.Scalar(prim.I64)
	lam := b.Lambda(repeatType(i64, p), func(lb *ir.Builder, ps []ir.SubExp) []ir.SubExp {
		ok := inRange(lb, ps, dims)
		tb, eb := lb.Sub(), lb.Sub()
		off := ps[0]
		for i := 1; i < p; i++ {
			off = tb.BinOp(prim.Add, tb.BinOp(prim.Mul, off, dims[i]), ps[i])
		}
		return []ir.SubExp{lb.Let("flat", &ir.If{Cond: ok, Then: tb.Body(off), Else: eb.Body(ir.I64(-1)), Ret: []ir.Type{i64}})}
	})
	fi := b.Map(e.W, e.Inds, lam)[0]
	h := b.LetN("hist", &ir.Hist{W: e.W, Dests: flat, Op: e.Op, Neutral: e.Neutral, Inds: []ir.VName{fi}, Vals: e.Vals})
	for q, d := range e.Dests {
		b.Bind([]ir.Param{pat[q]}, &ir.Reshape{Arr: h[q], Shape: sizes(b, d)})
	}
}

// histColumns emits a reduce_by_index of rows whose operator maps f over
// them as a map over the columns of reduce_by_index with f: transpose the
// destinations and values, one histogram per column, transpose back.
func histColumns(b *ir.Builder, pat []ir.Param, e *ir.Hist, f *ir.Lambda) {
	k := len(e.Dests)
	var ins []ir.VName
	for _, a := range append(append([]ir.VName{}, e.Dests...), e.Vals...) {
		ins = append(ins, b.Let("cols", &ir.Rearrange{Arr: a, Perm: []int{1, 0}}).Var)
	}
	for _, n := range e.Neutral {
		if !n.IsVar() {
			fail(b.Pos, "internal error: constant array neutral element")
		}
		ins = append(ins, n.Var)
	}
	m := sizes(b, e.Dests[0])[1]
	var types []ir.Type
	for _, a := range ins {
		t, _ := b.TypeOf(a)
		types = append(types, t.Row())
	}
	lam := b.Lambda(types, func(lb *ir.Builder, ps []ir.SubExp) []ir.SubExp {
		var dests, vals []ir.VName
		for q := 0; q < k; q++ {
			dests = append(dests, lb.Let("col", &ir.Copy{Arr: ps[q].Var}).Var)
			vals = append(vals, ps[k+q].Var)
		}
		return vars(lb.LetN("hist", &ir.Hist{W: e.W, Dests: dests, Op: renameLambda(lb, f), Neutral: ps[2*k:], Inds: e.Inds, Vals: vals}))
	})
	res := b.Map(m, ins, lam)
	for q, p := range pat {
		b.Bind([]ir.Param{p}, &ir.Rearrange{Arr: res[q], Perm: []int{1, 0}})
	}
}
