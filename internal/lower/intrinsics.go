package lower

import (
	"strings"

	"github.com/fluxion-lang/fluxion/internal/check"
	"github.com/fluxion-lang/fluxion/internal/ir"
	"github.com/fluxion-lang/fluxion/internal/prim"
)

var intrinsicArity = map[string]int{
	"__map": 2, "__reduce": 3, "__reduce_comm": 3, "__scan": 3, "__hist": 5, "__scatter": 3,
	"__zip": 2, "__iota": 1, "__replicate": 2, "__copy": 1, "__flatten": 1, "__unflatten": 3,
	"__transpose": 1, "__concat": 2, "__rotate": 2, "__jvp2": 3, "__vjp2": 3, "__jmp2": 3,
	"__mjp2": 3, "__with_vjp": 3, "__trace": 1, "__check_index": 3,
	"__acc_write": 3, "__scatter_stream": 3, "__hist_stream": 5,
}

func (l *lowerer) arity(b *check.Binding) int {
	if b.Func != nil {
		return len(b.Func.Params)
	}
	n, ok := intrinsicArity[b.Intrinsic]
	if !ok {
		l.fail("intrinsic %s is not supported by the lowering", b.Intrinsic)
	}
	return n
}

func (l *lowerer) leafOf(v value) ir.SubExp {
	lf, ok := v.(*leaf)
	if !ok {
		l.fail("expected a primitive value")
	}
	return lf.se
}

// width is the outer size of the arrays of v.
func (l *lowerer) width(v value) ir.SubExp {
	ls := leaves(v)
	if len(ls) == 0 || !ls[0].IsVar() {
		l.fail("expected an array")
	}
	return l.dimSize(ls[0], 0)
}

func names(ss []ir.SubExp) []ir.VName {
	out := make([]ir.VName, len(ss))
	for i, s := range ss {
		out[i] = s.Var
	}
	return out
}

// rowParams makes lambda parameters for one row of each array leaf of v
// (or, with whole, for the leaves themselves).
func (l *lowerer) rowParams(lb *ir.Builder, v value, whole bool) ([]ir.Param, value) {
	ls := leaves(v)
	ps := make([]ir.Param, len(ls))
	pv := make([]ir.SubExp, len(ls))
	for i, s := range ls {
		t, _ := l.typeOf(s)
		if !whole {
			t = t.Row()
		}
		ps[i] = lb.Param("x", t)
		pv[i] = ir.Var(ps[i].Name)
	}
	return ps, rebuild(v, pv)
}

// lambda builds an IR lambda applying f to arguments shaped like args
// (rows of arrays when rows is set for that argument).
func (l *lowerer) lambda(f value, args []value, rows []bool) (*ir.Lambda, value) {
	saved := l.b
	l.b = saved.Sub()
	var params []ir.Param
	r := f
	for i, a := range args {
		ps, pv := l.rowParams(l.b, a, !rows[i])
		params = append(params, ps...)
		r = l.apply(r, pv)
	}
	if hasFunction(r) {
		l.fail("functions returned from a SOAC or AD operator are not supported")
	}
	res := leaves(r)
	body := l.b.Body(res...)
	local := ir.BoundInBody(body)
	for _, p := range params {
		local.Add(p.Name)
	}
	ret := make([]ir.Type, len(res))
	for i, s := range res {
		t, _ := l.typeOf(s)
		ret[i] = ir.EraseSizes(t, local)
	}
	l.b = saved
	return &ir.Lambda{Params: params, Body: body, Ret: ret}, r
}

func (l *lowerer) intrinsic(b *check.Binding, args []value) value {
	if b.Func != nil {
		as := make([]ir.SubExp, len(args))
		for i, a := range args {
			as[i] = l.leafOf(a)
		}
		return &leaf{l.b.Call(*b.Func, as...)}
	}
	switch b.Intrinsic {
	case "__map":
		f, xs := args[0], args[1]
		w := l.width(xs)
		lam, rv := l.lambda(f, []value{xs}, []bool{true})
		return rebuild(rv, vars(l.b.Map(w, names(leaves(xs)), lam)))
	case "__reduce", "__reduce_comm", "__scan":
		op, ne, xs := args[0], args[1], args[2]
		w := l.width(xs)
		lam, _ := l.lambda(op, []value{xs, xs}, []bool{true, true})
		e := ir.Exp(&ir.Reduce{W: w, Arrs: names(leaves(xs)), Op: lam, Neutral: leaves(ne), Comm: b.Intrinsic == "__reduce_comm"})
		if b.Intrinsic == "__scan" {
			e = &ir.Scan{W: w, Arrs: names(leaves(xs)), Op: lam, Neutral: leaves(ne)}
		}
		return rebuild(ne, vars(l.b.LetN("red", e)))
	case "__hist":
		dest, op, ne, is, vs := args[0], args[1], args[2], args[3], args[4]
		w := l.width(is)
		lam, _ := l.lambda(op, []value{vs, vs}, []bool{true, true})
		h := &ir.Hist{W: w, Dests: names(leaves(dest)), Op: lam, Neutral: leaves(ne), Inds: names(leaves(is)), Vals: names(leaves(vs))}
		return rebuild(dest, vars(l.b.LetN("hist", h)))
	case "__scatter":
		dest, is, vs := args[0], args[1], args[2]
		w := l.width(is)
		s := &ir.Scatter{W: w, Dests: names(leaves(dest)), Inds: names(leaves(is)), Vals: names(leaves(vs))}
		return rebuild(dest, vars(l.b.LetN("scatter", s)))
	case "__zip":
		a, bb := args[0], args[1]
		na, nb := l.width(a), l.width(bb)
		eq := l.b.CmpOp(prim.Eq, na, nb)
		l.b.Bind(nil, &ir.Assert{Cond: eq, Msg: "zip: arrays of different lengths"})
		return tuple(a, bb)
	case "__iota":
		return &leaf{l.b.Let("iota", &ir.Iota{N: l.leafOf(args[0]), T: prim.I64})}
	case "__replicate":
		n := l.leafOf(args[0])
		return mapLeaves(args[1], func(s ir.SubExp) ir.SubExp {
			return l.b.Let("rep", &ir.Replicate{Shape: ir.Shape{n}, Val: s})
		})
	case "__copy":
		return mapLeaves(args[0], func(s ir.SubExp) ir.SubExp {
			if t, _ := l.typeOf(s); t.IsScalar() {
				return s
			}
			return l.b.Let("copy", &ir.Copy{Arr: s.Var})
		})
	case "__flatten":
		return mapLeaves(args[0], func(s ir.SubExp) ir.SubExp {
			t, _ := l.typeOf(s)
			n := l.b.Let("n", &ir.Size{Arr: s.Var, Dim: 0})
			m := l.b.Let("m", &ir.Size{Arr: s.Var, Dim: 1})
			nm := l.b.BinOp(prim.Mul, n, m)
			shape := append(ir.Shape{nm}, l.sizesFrom(s, t, 2)...)
			return l.b.Let("flat", &ir.Reshape{Arr: s.Var, Shape: shape})
		})
	case "__unflatten":
		n, m := l.leafOf(args[0]), l.leafOf(args[1])
		return mapLeaves(args[2], func(s ir.SubExp) ir.SubExp {
			t, _ := l.typeOf(s)
			shape := append(ir.Shape{n, m}, l.sizesFrom(s, t, 1)...)
			return l.b.Let("unflat", &ir.Reshape{Arr: s.Var, Shape: shape})
		})
	case "__transpose":
		return mapLeaves(args[0], func(s ir.SubExp) ir.SubExp {
			t, _ := l.typeOf(s)
			perm := []int{1, 0}
			for k := 2; k < t.Rank(); k++ {
				perm = append(perm, k)
			}
			return l.b.Let("tr", &ir.Rearrange{Arr: s.Var, Perm: perm})
		})
	case "__concat":
		ys := leaves(args[1])
		i := 0
		return mapLeaves(args[0], func(s ir.SubExp) ir.SubExp {
			i++
			return l.b.Let("cat", &ir.Concat{Arrs: []ir.VName{s.Var, ys[i-1].Var}})
		})
	case "__rotate":
		r := l.leafOf(args[0])
		return mapLeaves(args[1], func(s ir.SubExp) ir.SubExp { return l.b.Let("rot", &ir.Rotate{R: r, Arr: s.Var}) })
	case "__with_vjp":
		f, rule, x := args[0], args[1], args[2]
		lam, rv := l.lambda(f, []value{x}, []bool{false})
		// The IR rule also receives F's arguments; the source rule only
		// needs the result and its adjoint.
		saved := l.b
		l.b = saved.Sub()
		xps, _ := l.rowParams(l.b, x, true)
		yps, yv := l.typedParams(rv, lam.Ret)
		dps, dv := l.typedParams(rv, lam.Ret)
		r := l.apply(l.apply(rule, yv), dv)
		res := leaves(r)
		body := l.b.Body(res...)
		ret := make([]ir.Type, len(res))
		for i, s := range res {
			t, _ := l.typeOf(s)
			ret[i] = ir.EraseSizes(t, ir.BoundInBody(body))
		}
		l.b = saved
		params := append(append(xps, yps...), dps...)
		ruleLam := &ir.Lambda{Params: params, Body: body, Ret: ret}
		return rebuild(rv, vars(l.b.LetN("with_vjp", &ir.WithVJP{F: lam, Rule: ruleLam, Args: leaves(x)})))
	case "__trace":
		return args[0]
	case "__check_index":
		ok, i, n := l.leafOf(args[0]), l.leafOf(args[1]), l.leafOf(args[2])
		l.b.Bind(nil, &ir.Assert{Cond: ok, Full: true, Msg: "Index [%v] out of bounds for array of shape [%v].", Args: []ir.SubExp{i, n}})
		return &record{}
	case "__acc_write":
		return l.accWrite(args[0], l.leafOf(args[1]), args[2])
	case "__scatter_stream":
		return l.accStream(args[0], nil, args[1], args[2])
	case "__hist_stream":
		// The loop starts from the destination, so the neutral element
		// (args[2]) is never needed.
		return l.accStream(args[0], args[1], args[3], args[4])
	case "__jvp2", "__jmp2":
		f, x, dx := args[0], args[1], args[2]
		lam, rv := l.lambda(f, []value{x}, []bool{false})
		e := &ir.JVP{F: lam, Primals: leaves(x), Tangents: leaves(dx)}
		if b.Intrinsic == "__jmp2" {
			e.Vec, e.Width = true, l.width(dx)
		}
		ns := vars(l.b.LetN("jvp", e))
		k := len(leaves(rv))
		return tuple(rebuild(rv, ns[:k]), rebuild(rv, ns[k:]))
	case "__vjp2", "__mjp2":
		f, x, dy := args[0], args[1], args[2]
		lam, rv := l.lambda(f, []value{x}, []bool{false})
		e := &ir.VJP{F: lam, Primals: leaves(x), Adjoints: leaves(dy)}
		if b.Intrinsic == "__mjp2" {
			e.Vec, e.Width = true, l.width(dy)
		}
		ns := vars(l.b.LetN("vjp", e))
		k := len(leaves(rv))
		return tuple(rebuild(rv, ns[:k]), rebuild(x, ns[k:]))
	}
	l.fail("intrinsic %s is not supported by the lowering yet", strings.TrimPrefix(b.Intrinsic, "__"))
	return nil
}

// accStream lowers scatter_stream (op nil) and hist_stream: a sequential
// loop over bs whose state is the destination, which f updates through an
// accumulator on it.
func (l *lowerer) accStream(dest, op, f, bs value) value {
	params, pv := l.loopParams(dest)
	i := l.b.Param("i", ir.Scalar(prim.I64))
	lp := &ir.Loop{Params: params, Init: leaves(dest), Form: &ir.For{I: i.Name, T: prim.I64, Bound: l.width(bs)}}
	lp.Body, _ = l.sub(func() value {
		b := mapLeaves(bs, func(s ir.SubExp) ir.SubExp {
			return l.b.Let("row", &ir.Index{Arr: s.Var, Idx: []ir.SubExp{ir.Var(i.Name)}})
		})
		r, ok := l.apply(l.apply(f, &accum{arr: pv, op: op}), b).(*accum)
		if !ok {
			l.fail("the function given to an accumulator stream must return its accumulator")
		}
		return r.arr
	})
	return rebuild(dest, vars(l.b.LetN("stream", lp)))
}

// accWrite writes v at index i through accumulator a: an in-place update
// of element (or row) i, with op applied to the old value and v when the
// accumulator has an operator, skipped when i is out of range. An update
// at one index per iteration keeps reverse mode from saving the whole
// array per iteration of the stream's loop.
func (l *lowerer) accWrite(a value, i ir.SubExp, v value) value {
	acc, ok := a.(*accum)
	if !ok {
		l.fail("acc_write needs an accumulator")
	}
	arr := leaves(acc.arr)
	if len(arr) == 0 {
		return acc
	}
	n := l.dimSize(arr[0], 0)
	ok1 := l.b.CmpOp(prim.Le, ir.I64(0), i)
	ok2 := l.b.CmpOp(prim.Lt, i, n)
	in := l.b.BinOp(prim.LogAnd, ok1, ok2)
	th, tv := l.sub(func() value {
		nv := v
		if acc.op != nil {
			old := mapLeaves(acc.arr, func(s ir.SubExp) ir.SubExp {
				return l.b.Let("old", &ir.Index{Arr: s.Var, Idx: []ir.SubExp{i}})
			})
			nv = l.apply(l.apply(acc.op, old), v)
		}
		vs := leaves(nv)
		k := 0
		return mapLeaves(acc.arr, func(s ir.SubExp) ir.SubExp {
			k++
			return l.b.Let("acc", &ir.Update{Arr: s.Var, Dims: []ir.DimSlice{{Fixed: true, I: i}}, Val: vs[k-1]})
		})
	})
	el, _ := l.sub(func() value { return acc.arr })
	names := l.b.LetN("acc", &ir.If{Cond: in, Then: th, Else: el, Ret: l.branchTypes(th, el)})
	return &accum{arr: rebuild(tv, vars(names)), op: acc.op}
}

// sizesFrom lists the sizes of dimensions from..rank-1 of array s.
func (l *lowerer) sizesFrom(s ir.SubExp, t ir.Type, from int) ir.Shape {
	var out ir.Shape
	for d := from; d < t.Rank(); d++ {
		if !t.Shape[d].IsNone() {
			out = append(out, t.Shape[d])
		} else {
			out = append(out, l.b.Let("n", &ir.Size{Arr: s.Var, Dim: d}))
		}
	}
	return out
}

// typedParams makes fresh parameters of the given types, shaped like tmpl.
func (l *lowerer) typedParams(tmpl value, ts []ir.Type) ([]ir.Param, value) {
	ps := make([]ir.Param, len(ts))
	pv := make([]ir.SubExp, len(ts))
	for i, t := range ts {
		ps[i] = l.b.Param("y", t)
		pv[i] = ir.Var(ps[i].Name)
	}
	return ps, rebuild(tmpl, pv)
}
