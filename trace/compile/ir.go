package compile

import (
	"fmt"

	"github.com/fluxion-lang/fluxion/internal/ir"
	"github.com/fluxion-lang/fluxion/internal/prim"
	"github.com/fluxion-lang/fluxion/trace"
)

// Entry is the name of the entry point the IR program defines: it takes
// x, then (for a function with an array result) the output adjoint w,
// then the constant arrays of the trace, and returns the function's value
// followed by the adjoint of x.
const Entry = "grad"

var f64 = ir.Scalar(prim.F64)

func f64c(v float64) ir.SubExp { return ir.Const(prim.FloatValue(prim.F64, v)) }

func vec(n int) ir.Type { return ir.Array(prim.F64, ir.I64(int64(n))) }

// gen translates a trace program into IR.
type gen struct {
	outer  *ir.Builder
	b      *ir.Builder // the builder of the current body
	vals   map[int]ir.SubExp
	consts []ir.Param  // entry parameters holding constant arrays
	data   [][]float64 // their values
	byData map[constKey]int
}

type constKey struct {
	p *float64
	n int
}

// irProgram builds the IR program of a trace program: the entry Entry
// applies vjp to the traced function.
func irProgram(p *trace.Program) (prog *ir.Program, consts [][]float64, err error) {
	defer func() {
		if r := recover(); r != nil {
			if be, ok := r.(*ir.BuildError); ok {
				prog, consts, err = nil, nil, fmt.Errorf("compile: internal error building IR: %v", be)
				return
			}
			panic(r)
		}
	}()
	b := ir.NewBuilder(ir.NewNameSource(1))
	g := &gen{outer: b, vals: map[int]ir.SubExp{}, byData: map[constKey]int{}}
	xT := vec(p.InputLen)
	x := b.Param("x", xT)
	params := []ir.Param{x}
	var seed ir.SubExp
	outT := f64
	if p.Scalar {
		seed = f64c(1)
	} else {
		outT = vec(p.Output.Len())
		w := b.Param("w", outT)
		params = append(params, w)
		seed = ir.Var(w.Name)
	}
	var genErr error
	lam := b.Lambda([]ir.Type{xT}, func(lb *ir.Builder, ps []ir.SubExp) []ir.SubExp {
		g.b = lb
		g.vals[1] = ps[0]
		for i, st := range p.Stmts {
			if i == 0 {
				continue // the input
			}
			v, err := g.stmt(st)
			if err != nil {
				genErr = err
				return []ir.SubExp{g.ref(p.Output)}
			}
			g.vals[i+1] = v
		}
		return []ir.SubExp{g.ref(p.Output)}
	})
	if genErr != nil {
		return nil, nil, genErr
	}
	res := b.LetN("vjp", &ir.VJP{F: lam, Primals: []ir.SubExp{ir.Var(x.Name)}, Adjoints: []ir.SubExp{seed}})
	params = append(params, g.consts...)
	f := &ir.Func{Name: Entry, Params: params, Ret: []ir.Type{outT, xT},
		Body: b.Body(ir.Var(res[0]), ir.Var(res[1]))}
	prog = &ir.Program{Funcs: []*ir.Func{f}}
	if err := ir.Verify(prog); err != nil {
		return nil, nil, fmt.Errorf("compile: internal error: invalid IR: %v", err)
	}
	return prog, g.data, nil
}

// ref returns the IR value of an operand.
func (g *gen) ref(r trace.Ref) ir.SubExp {
	switch {
	case r.ID > 0:
		return g.vals[r.ID]
	case r.Data == nil:
		return f64c(r.Const)
	}
	n := len(r.Data)
	key := constKey{n: n}
	if n > 0 {
		key.p = &r.Data[0]
	}
	if i, ok := g.byData[key]; ok {
		return ir.Var(g.consts[i].Name)
	}
	prm := g.outer.Param(fmt.Sprintf("c%d", len(g.consts)), vec(n))
	g.byData[key] = len(g.consts)
	g.consts = append(g.consts, prm)
	g.data = append(g.data, r.Data)
	return ir.Var(prm.Name)
}

func (g *gen) arr(r trace.Ref) ir.VName { return g.ref(r).Var }

// let binds e to a fresh name of type t.
func (g *gen) let(b *ir.Builder, base string, t ir.Type, e ir.Exp) ir.SubExp {
	prm := b.Param(base, t)
	b.Bind([]ir.Param{prm}, e)
	return ir.Var(prm.Name)
}

var unaryFuncs = map[trace.Op]string{
	trace.OpAbs: "abs", trace.OpSqrt: "sqrt", trace.OpCbrt: "cbrt", trace.OpExp: "exp",
	trace.OpLog: "log", trace.OpLog1p: "log1p", trace.OpLog2: "log2", trace.OpLog10: "log10",
	trace.OpSin: "sin", trace.OpCos: "cos", trace.OpTan: "tan", trace.OpAsin: "asin",
	trace.OpAcos: "acos", trace.OpAtan: "atan", trace.OpSinh: "sinh", trace.OpCosh: "cosh",
	trace.OpTanh: "tanh", trace.OpAsinh: "asinh", trace.OpAcosh: "acosh", trace.OpAtanh: "atanh",
	trace.OpErf: "erf", trace.OpErfc: "erfc",
}

var binaryOps = map[trace.Op]prim.BinOp{
	trace.OpAdd: prim.Add, trace.OpSub: prim.Sub, trace.OpMul: prim.Mul, trace.OpDiv: prim.Div, trace.OpPow: prim.Pow,
}

var binaryFuncs = map[trace.Op]string{
	trace.OpAtan2: "atan2", trace.OpHypot: "hypot", trace.OpMin: "min", trace.OpMax: "max",
}

func call(b *ir.Builder, fn string, args ...ir.SubExp) ir.SubExp {
	f, ok := prim.LookupFunc(fn + "_f64")
	if !ok {
		panic(&ir.BuildError{Msg: "no function " + fn})
	}
	return b.Call(f, args...)
}

// scalarOp emits a scalar operation.
func scalarOp(b *ir.Builder, op trace.Op, x, y ir.SubExp, k float64) ir.SubExp {
	switch {
	case op == trace.OpConst:
		return f64c(k)
	case op == trace.OpNeg:
		return b.UnOp(prim.Neg, x)
	case op == trace.OpSquare:
		return b.BinOp(prim.Mul, x, x)
	case op == trace.OpExpm1:
		return b.BinOp(prim.Sub, call(b, "exp", x), f64c(1))
	}
	if fn, ok := unaryFuncs[op]; ok {
		return call(b, fn, x)
	}
	if bo, ok := binaryOps[op]; ok {
		return b.Let("t", &ir.Bin{Op: bo, T: prim.F64, X: x, Y: y})
	}
	if fn, ok := binaryFuncs[op]; ok {
		return call(b, fn, x, y)
	}
	panic(&ir.BuildError{Msg: "no translation of " + op.String()})
}

// stmt emits one statement of the trace program.
func (g *gen) stmt(st trace.Stmt) (ir.SubExp, error) {
	b := g.b
	switch {
	case st.Op.IsUnary():
		return scalarOp(b, st.Op, g.ref(st.Args[0]), ir.SubExp{}, 0), nil
	case st.Op.IsBinary():
		return scalarOp(b, st.Op, g.ref(st.Args[0]), g.ref(st.Args[1]), 0), nil
	}
	n := st.Rows * max(st.Cols, 1)
	switch st.Op {
	case trace.OpIndex:
		return b.Let("e", &ir.Index{Arr: g.arr(st.Args[0]), Idx: []ir.SubExp{ir.I64(int64(st.Index))}}), nil
	case trace.OpSlice:
		return g.let(b, "s", vec(st.Hi-st.Lo), &ir.Slice{Arr: g.arr(st.Args[0]), Dims: []ir.DimSlice{{
			Start: ir.I64(int64(st.Lo)), End: ir.I64(int64(st.Hi)), Stride: ir.I64(1)}}}), nil
	case trace.OpReshape:
		return g.ref(st.Args[0]), nil // arrays are flat in the IR
	case trace.OpConcat:
		arrs := make([]ir.VName, len(st.Args))
		for i, a := range st.Args {
			arrs[i] = g.arr(a)
		}
		return g.let(b, "cat", vec(n), &ir.Concat{Arrs: arrs}), nil
	case trace.OpPack:
		elems := make([]ir.SubExp, len(st.Args))
		for i, a := range st.Args {
			elems[i] = g.ref(a)
		}
		return g.let(b, "pack", vec(n), &ir.ArrayLit{Elems: elems, Elem: f64}), nil
	case trace.OpSum:
		a := st.Args[0]
		return ir.Var(b.Reduce(ir.I64(int64(a.Len())), []ir.VName{g.arr(a)}, []ir.SubExp{f64c(0)}, b.BinOpLambda(prim.Add, prim.F64))[0]), nil
	case trace.OpDot:
		return g.dot(b, st.Args[0].Len(), g.arr(st.Args[0]), g.arr(st.Args[1])), nil
	case trace.OpMatVec:
		w, v := st.Args[0], st.Args[1]
		rows := g.let(b, "rows", ir.Array(prim.F64, ir.I64(int64(w.Rows)), ir.I64(int64(w.Cols))),
			&ir.Reshape{Arr: g.arr(w), Shape: ir.Shape{ir.I64(int64(w.Rows)), ir.I64(int64(w.Cols))}})
		vv := g.arr(v)
		f := b.Lambda([]ir.Type{vec(w.Cols)}, func(lb *ir.Builder, ps []ir.SubExp) []ir.SubExp {
			return []ir.SubExp{g.dot(lb, w.Cols, ps[0].Var, vv)}
		})
		return ir.Var(b.Map(ir.I64(int64(w.Rows)), []ir.VName{rows.Var}, f)[0]), nil
	case trace.OpMap:
		return g.mapStmt(b, st), nil
	case trace.OpReduce, trace.OpScan:
		a := st.Args[0]
		op := g.lambda(b, st.Func, []ir.Type{f64, f64})
		w := ir.I64(int64(a.Len()))
		if st.Op == trace.OpReduce {
			return ir.Var(b.Reduce(w, []ir.VName{g.arr(a)}, []ir.SubExp{f64c(st.Neutral)}, op)[0]), nil
		}
		return ir.Var(b.Scan(w, []ir.VName{g.arr(a)}, []ir.SubExp{f64c(st.Neutral)}, op)[0]), nil
	case trace.OpFold:
		return g.fold(b, st), nil
	}
	return ir.SubExp{}, fmt.Errorf("compile: no translation of %s", st.Op)
}

// dot emits the sum of a[i]*c[i] over n elements.
func (g *gen) dot(b *ir.Builder, n int, a, c ir.VName) ir.SubExp {
	w := ir.I64(int64(n))
	prods := b.Map(w, []ir.VName{a, c}, b.BinOpLambda(prim.Mul, prim.F64))
	return ir.Var(b.Reduce(w, prods, []ir.SubExp{f64c(0)}, b.BinOpLambda(prim.Add, prim.F64))[0])
}

// lambda emits the program of a traced function as a lambda whose
// parameters have the given types; unpack, when set, turns the parameters
// into the function's scalar parameters (for rows of mapped arrays).
func (g *gen) lambda(b *ir.Builder, fn *trace.Func, types []ir.Type) *ir.Lambda {
	return b.Lambda(types, func(lb *ir.Builder, ps []ir.SubExp) []ir.SubExp {
		return g.body(lb, fn, ps, ir.VName{})
	})
}

// body emits a traced function's operations on the given parameters and
// returns its results. frees, when set, is an array (a row the function
// gets as a parameter) holding its free variables' values.
func (g *gen) body(b *ir.Builder, fn *trace.Func, params []ir.SubExp, frees ir.VName) []ir.SubExp {
	regs := make([]ir.SubExp, fn.Params+len(fn.Body)+len(fn.Frees))
	copy(regs, params)
	for j, f := range fn.Frees {
		if frees.IsZero() {
			regs[fn.Params+len(fn.Body)+j] = g.ref(f)
		} else {
			regs[fn.Params+len(fn.Body)+j] = b.Let("f", &ir.Index{Arr: frees, Idx: []ir.SubExp{ir.I64(int64(j))}})
		}
	}
	get := func(r int, k float64) ir.SubExp {
		if r < 0 {
			return f64c(k)
		}
		return regs[r]
	}
	for j, s := range fn.Body {
		var x, y ir.SubExp
		if s.Op != trace.OpConst {
			x = get(s.A, s.Const)
		}
		if s.Op.IsBinary() {
			y = get(s.B, s.Const)
		}
		regs[fn.Params+j] = scalarOp(b, s.Op, x, y, s.Const)
	}
	out := make([]ir.SubExp, len(fn.Results))
	for i, r := range fn.Results {
		out[i] = regs[r]
	}
	return out
}

// mapStmt emits a vectorised map: arrays whose calls take one element are
// mapped directly, the others as rows.
func (g *gen) mapStmt(b *ir.Builder, st trace.Stmt) ir.SubExp {
	n := st.Calls
	w := ir.I64(int64(n))
	arrs := make([]ir.VName, len(st.Args))
	types := make([]ir.Type, len(st.Args))
	for i, a := range st.Args {
		wd := st.Widths[i]
		if wd == 1 {
			arrs[i], types[i] = g.arr(a), f64
			continue
		}
		shape := ir.Shape{w, ir.I64(int64(wd))}
		arrs[i] = g.let(b, "rows", ir.Array(prim.F64, shape...), &ir.Reshape{Arr: g.arr(a), Shape: shape}).Var
		types[i] = vec(wd)
	}
	// Several free variables are passed as one more mapped array, every
	// row holding all their values: the compiler's reverse mode gives a
	// free scalar of a map a map and a reduction of its own that repeat the
	// whole function, while the adjoint of a mapped array costs one sweep.
	fn := st.Func
	packed := len(fn.Frees) >= 2
	if packed {
		elems := make([]ir.SubExp, len(fn.Frees))
		for j, f := range fn.Frees {
			elems[j] = g.ref(f)
		}
		fr := g.let(b, "frees", vec(len(elems)), &ir.ArrayLit{Elems: elems, Elem: f64})
		rows := g.let(b, "frees", ir.Array(prim.F64, w, ir.I64(int64(len(elems)))), &ir.Replicate{Shape: ir.Shape{w}, Val: fr})
		arrs = append(arrs, rows.Var)
		types = append(types, vec(len(elems)))
	}
	widths := st.Widths
	f := b.Lambda(types, func(lb *ir.Builder, ps []ir.SubExp) []ir.SubExp {
		var frees ir.VName
		if packed {
			frees, ps = ps[len(ps)-1].Var, ps[:len(ps)-1]
		}
		var params []ir.SubExp
		for i, p := range ps {
			if widths[i] == 1 {
				params = append(params, p)
				continue
			}
			for j := range widths[i] {
				params = append(params, lb.Let("e", &ir.Index{Arr: p.Var, Idx: []ir.SubExp{ir.I64(int64(j))}}))
			}
		}
		return g.body(lb, fn, params, frees)
	})
	res := b.Map(w, arrs, f)
	k := len(res)
	if k == 1 {
		return ir.Var(res[0])
	}
	// Rows of k results, row-major: transpose the k result arrays.
	elems := make([]ir.SubExp, k)
	for i, r := range res {
		elems[i] = ir.Var(r)
	}
	kn := g.let(b, "res", ir.Array(prim.F64, ir.I64(int64(k)), w), &ir.ArrayLit{Elems: elems, Elem: vec(n)})
	nk := g.let(b, "res", ir.Array(prim.F64, w, ir.I64(int64(k))), &ir.Rearrange{Arr: kn.Var, Perm: []int{1, 0}})
	return g.let(b, "res", vec(n*k), &ir.Reshape{Arr: nk.Var, Shape: ir.Shape{ir.I64(int64(n * k))}})
}

// fold emits a sequential fold as a loop.
func (g *gen) fold(b *ir.Builder, st trace.Stmt) ir.SubExp {
	a := st.Args[0]
	arr := g.arr(a)
	acc := b.Param("acc", f64)
	i := b.Names().New("i")
	b.Declare(ir.Param{Name: i, Type: ir.Scalar(prim.I64)})
	lb := b.Sub()
	x := lb.Let("e", &ir.Index{Arr: arr, Idx: []ir.SubExp{ir.Var(i)}})
	out := g.body(lb, st.Func, []ir.SubExp{ir.Var(acc.Name), x}, ir.VName{})
	loop := &ir.Loop{
		Params: []ir.Param{acc},
		Init:   []ir.SubExp{g.ref(st.Args[1])},
		Form:   &ir.For{I: i, T: prim.I64, Bound: ir.I64(int64(a.Len()))},
		Body:   lb.Body(out[0]),
	}
	return b.Let("fold", loop)
}
