package ir

import (
	"fmt"

	"github.com/fluxion-lang/fluxion/internal/prim"
)

// TypeEnv gives the type of a name in scope.
type TypeEnv func(VName) (Type, bool)

var i64 = Scalar(prim.I64)

// ExpTypes checks the operands of e (but not the insides of its bodies and
// lambdas, beyond their signatures) and returns the types of its results.
func ExpTypes(e Exp, env TypeEnv) ([]Type, error) {
	tc := typer{env: env}
	return tc.exp(e)
}

type typer struct {
	env TypeEnv
}

func (tc typer) subExp(s SubExp) (Type, error) {
	switch {
	case s.IsConst:
		if s.Const.Type() == prim.Invalid {
			return Type{}, fmt.Errorf("invalid constant")
		}
		return Scalar(s.Const.Type()), nil
	case s.IsNone():
		return Type{}, fmt.Errorf("missing operand")
	}
	return tc.name(s.Var)
}

func (tc typer) name(v VName) (Type, error) {
	if v.IsZero() {
		return Type{}, fmt.Errorf("missing name")
	}
	t, ok := tc.env(v)
	if !ok {
		return Type{}, fmt.Errorf("%v is not defined", v)
	}
	return t, nil
}

func (tc typer) want(s SubExp, t Type, what string) error {
	got, err := tc.subExp(s)
	if err != nil {
		return fmt.Errorf("%s: %v", what, err)
	}
	if !got.Compatible(t) {
		return fmt.Errorf("%s %v has type %v, want %v", what, s, got, t)
	}
	return nil
}

// optional checks an operand that may be absent.
func (tc typer) optional(s SubExp, t Type, what string) error {
	if s.IsNone() {
		return nil
	}
	return tc.want(s, t, what)
}

func (tc typer) array(v VName, what string) (Type, error) {
	t, err := tc.name(v)
	if err != nil {
		return t, fmt.Errorf("%s: %v", what, err)
	}
	if !t.IsArray() {
		return t, fmt.Errorf("%s %v has type %v, want an array", what, v, t)
	}
	return t, nil
}

func (tc typer) shape(s Shape, what string) error {
	for _, d := range s {
		if err := tc.want(d, i64, what); err != nil {
			return err
		}
	}
	return nil
}

// region is the type of the part of an array of type t selected by dims.
func (tc typer) region(t Type, dims []DimSlice) (Type, error) {
	if len(dims) > t.Rank() {
		return Type{}, fmt.Errorf("%d dimensions given for an array of rank %d", len(dims), t.Rank())
	}
	var shape Shape
	for i, d := range dims {
		if d.Fixed {
			if err := tc.want(d.I, i64, "index"); err != nil {
				return Type{}, err
			}
			continue
		}
		for _, s := range []SubExp{d.Start, d.End, d.Stride} {
			if err := tc.optional(s, i64, "slice bound"); err != nil {
				return Type{}, err
			}
		}
		shape = append(shape, sliceSize(t.Shape[i], d))
	}
	shape = append(shape, t.Shape[len(dims):]...)
	return Type{Elem: t.Elem, Shape: shape}, nil
}

// sliceSize is the statically known size of a range, or absent.
func sliceSize(dim SubExp, d DimSlice) SubExp {
	unitStride := d.Stride.IsNone() || d.Stride.Equal(I64(1))
	zeroStart := d.Start.IsNone() || d.Start.Equal(I64(0))
	if _, n, ok := ConstRange(dim, d); ok {
		return I64(n)
	}
	switch {
	case !unitStride || !zeroStart:
		return SubExp{}
	case d.End.IsNone():
		return dim
	}
	return d.End
}

func (tc typer) lambdaArity(l *Lambda, nparams, nret int, what string) error {
	if l == nil || l.Body == nil {
		return fmt.Errorf("%s: missing lambda", what)
	}
	if len(l.Params) != nparams {
		return fmt.Errorf("%s: lambda has %d parameters, want %d", what, len(l.Params), nparams)
	}
	if nret >= 0 && len(l.Ret) != nret {
		return fmt.Errorf("%s: lambda returns %d values, want %d", what, len(l.Ret), nret)
	}
	return nil
}

func paramCompatible(p Param, t Type, what string, i int) error {
	if !p.Type.Compatible(t) {
		return fmt.Errorf("%s: lambda parameter %d (%v) has type %v, want %v", what, i, p.Name, p.Type, t)
	}
	return nil
}

// soacRows checks that every array has outer size w and returns the row
// types (accumulators pass through whole when accOK).
func (tc typer) soacRows(w SubExp, arrs []VName, accOK bool, what string) ([]Type, error) {
	if err := tc.want(w, i64, what+" width"); err != nil {
		return nil, err
	}
	rows := make([]Type, len(arrs))
	for i, a := range arrs {
		t, err := tc.name(a)
		if err != nil {
			return nil, fmt.Errorf("%s: %v", what, err)
		}
		if t.Acc && accOK {
			rows[i] = t
			continue
		}
		if !t.IsArray() {
			return nil, fmt.Errorf("%s input %v has type %v, want an array", what, a, t)
		}
		if d := t.Shape[0]; !d.IsNone() && d.IsConst && w.IsConst && d.Const != w.Const {
			return nil, fmt.Errorf("%s input %v has outer size %v, want %v", what, a, d, w)
		}
		rows[i] = t.Row()
	}
	return rows, nil
}

// operator checks a reduce/scan/hist operator over values of types elems.
func (tc typer) operator(op *Lambda, ne []SubExp, elems []Type, what string) error {
	k := len(elems)
	if err := tc.lambdaArity(op, 2*k, k, what+" operator"); err != nil {
		return err
	}
	if len(ne) != k {
		return fmt.Errorf("%s: %d neutral elements for %d arrays", what, len(ne), k)
	}
	for i, t := range elems {
		if err := paramCompatible(op.Params[i], t, what+" operator", i); err != nil {
			return err
		}
		if err := paramCompatible(op.Params[k+i], t, what+" operator", k+i); err != nil {
			return err
		}
		if !op.Ret[i].Compatible(t) {
			return fmt.Errorf("%s operator returns %v, want %v", what, op.Ret[i], t)
		}
		if err := tc.want(ne[i], t, what+" neutral element"); err != nil {
			return err
		}
	}
	return nil
}

// indexedDests checks hist/scatter destinations, index arrays and value
// arrays; it returns the element types (what one index addresses).
func (tc typer) indexedDests(w SubExp, dests, inds, vals []VName, what string) ([]Type, []Type, error) {
	if len(inds) == 0 {
		return nil, nil, fmt.Errorf("%s: no index arrays", what)
	}
	if len(vals) != len(dests) {
		return nil, nil, fmt.Errorf("%s: %d value arrays for %d destinations", what, len(vals), len(dests))
	}
	irows, err := tc.soacRows(w, inds, false, what)
	if err != nil {
		return nil, nil, err
	}
	for i, t := range irows {
		if !t.Equal(i64) {
			return nil, nil, fmt.Errorf("%s index array %v has elements of type %v, want i64", what, inds[i], t)
		}
	}
	vrows, err := tc.soacRows(w, vals, false, what)
	if err != nil {
		return nil, nil, err
	}
	dts := make([]Type, len(dests))
	elems := make([]Type, len(dests))
	for i, d := range dests {
		t, err := tc.array(d, what+" destination")
		if err != nil {
			return nil, nil, err
		}
		if len(inds) > t.Rank() {
			return nil, nil, fmt.Errorf("%s: %d index arrays for destination %v of rank %d", what, len(inds), d, t.Rank())
		}
		dts[i] = t
		elems[i] = Type{Elem: t.Elem, Shape: t.Shape[len(inds):]}
		if !vrows[i].Compatible(elems[i]) {
			return nil, nil, fmt.Errorf("%s values %v have elements of type %v, want %v", what, vals[i], vrows[i], elems[i])
		}
	}
	return dts, elems, nil
}

func (tc typer) exp(e Exp) ([]Type, error) {
	one := func(t Type, err error) ([]Type, error) {
		if err != nil {
			return nil, err
		}
		return []Type{t}, nil
	}
	switch e := e.(type) {
	case *Apply:
		if e.Func == "" {
			return nil, fmt.Errorf("call of no function")
		}
		for _, a := range e.Args {
			if _, err := tc.subExp(a); err != nil {
				return nil, fmt.Errorf("argument of %s: %v", e.Func, err)
			}
		}
		return e.Ret, nil
	case *Atom:
		return one(tc.subExp(e.X))
	case *Bin:
		if !prim.BinOpDefined(e.Op, e.T) {
			return nil, fmt.Errorf("operator %v is not defined on %v", e.Op, e.T)
		}
		if err := tc.want(e.X, Scalar(e.T), "operand"); err != nil {
			return nil, err
		}
		return one(Scalar(e.T), tc.want(e.Y, Scalar(e.T), "operand"))
	case *Cmp:
		if e.T == prim.Invalid || e.Op < prim.Eq || e.Op > prim.Ge {
			return nil, fmt.Errorf("invalid comparison %v on %v", e.Op, e.T)
		}
		if err := tc.want(e.X, Scalar(e.T), "operand"); err != nil {
			return nil, err
		}
		return one(Scalar(prim.Bool), tc.want(e.Y, Scalar(e.T), "operand"))
	case *Un:
		if !prim.UnOpDefined(e.Op, e.T) {
			return nil, fmt.Errorf("operator %v is not defined on %v", e.Op, e.T)
		}
		return one(Scalar(e.T), tc.want(e.X, Scalar(e.T), "operand"))
	case *Call:
		if e.Fn.Name == "" {
			return nil, fmt.Errorf("call of no function")
		}
		if len(e.Args) != len(e.Fn.Params) {
			return nil, fmt.Errorf("%s takes %d arguments, got %d", e.Fn.Name, len(e.Fn.Params), len(e.Args))
		}
		for i, a := range e.Args {
			if err := tc.want(a, Scalar(e.Fn.Params[i]), e.Fn.Name+" argument"); err != nil {
				return nil, err
			}
		}
		return one(Scalar(e.Fn.Ret), nil)
	case *Index:
		t, err := tc.array(e.Arr, "indexed")
		if err != nil {
			return nil, err
		}
		if len(e.Idx) == 0 || len(e.Idx) > t.Rank() {
			return nil, fmt.Errorf("%d indices for %v of rank %d", len(e.Idx), e.Arr, t.Rank())
		}
		for _, i := range e.Idx {
			if err := tc.want(i, i64, "index"); err != nil {
				return nil, err
			}
		}
		return one(Type{Elem: t.Elem, Shape: t.Shape[len(e.Idx):]}, nil)
	case *Slice:
		t, err := tc.array(e.Arr, "sliced")
		if err != nil {
			return nil, err
		}
		return one(tc.region(t, e.Dims))
	case *Update:
		t, err := tc.array(e.Arr, "updated")
		if err != nil {
			return nil, err
		}
		r, err := tc.region(t, e.Dims)
		if err != nil {
			return nil, err
		}
		return one(t, tc.want(e.Val, r, "new value"))
	case *Iota:
		if !e.T.IsInt() {
			return nil, fmt.Errorf("iota of non-integer type %v", e.T)
		}
		if err := tc.want(e.N, i64, "iota size"); err != nil {
			return nil, err
		}
		if err := tc.optional(e.Start, Scalar(e.T), "iota start"); err != nil {
			return nil, err
		}
		if err := tc.optional(e.Step, Scalar(e.T), "iota step"); err != nil {
			return nil, err
		}
		return one(Array(e.T, e.N), nil)
	case *Replicate:
		if err := tc.shape(e.Shape, "replicate size"); err != nil {
			return nil, err
		}
		t, err := tc.subExp(e.Val)
		if err != nil {
			return nil, err
		}
		if t.Acc {
			return nil, fmt.Errorf("replicate of an accumulator")
		}
		return one(Type{Elem: t.Elem, Shape: append(append(Shape{}, e.Shape...), t.Shape...)}, nil)
	case *Scratch:
		if e.Elem == prim.Invalid {
			return nil, fmt.Errorf("scratch of invalid type")
		}
		return one(Type{Elem: e.Elem, Shape: e.Shape}, tc.shape(e.Shape, "scratch size"))
	case *Reshape:
		t, err := tc.array(e.Arr, "reshaped")
		if err != nil {
			return nil, err
		}
		if len(e.Shape) == 0 {
			return nil, fmt.Errorf("reshape to no dimensions")
		}
		if err := tc.shape(e.Shape, "reshape size"); err != nil {
			return nil, err
		}
		if a, ok := constProduct(t.Shape); ok {
			if b, ok := constProduct(e.Shape); ok && a != b {
				return nil, fmt.Errorf("cannot reshape %v of shape %v to shape %v", e.Arr, t.Shape, e.Shape)
			}
		}
		return one(Type{Elem: t.Elem, Shape: e.Shape}, nil)
	case *Rearrange:
		t, err := tc.array(e.Arr, "rearranged")
		if err != nil {
			return nil, err
		}
		if !isPerm(e.Perm, t.Rank()) {
			return nil, fmt.Errorf("%v is not a permutation of %d dimensions", e.Perm, t.Rank())
		}
		s := make(Shape, len(e.Perm))
		for i, p := range e.Perm {
			s[i] = t.Shape[p]
		}
		return one(Type{Elem: t.Elem, Shape: s}, nil)
	case *Concat:
		if len(e.Arrs) == 0 {
			return nil, fmt.Errorf("concat of no arrays")
		}
		var res Type
		total, known := int64(0), true
		for i, a := range e.Arrs {
			t, err := tc.array(a, "concatenated")
			if err != nil {
				return nil, err
			}
			if i == 0 {
				res = t
			} else if !t.Row().Compatible(res.Row()) {
				return nil, fmt.Errorf("cannot concatenate %v of type %v with arrays of type %v", a, t, res)
			}
			if d := t.Shape[0]; d.IsConst {
				total += d.Const.Int()
			} else {
				known = false
			}
		}
		s := append(Shape{SubExp{}}, res.Shape[1:]...)
		switch {
		case len(e.Arrs) == 1:
			s[0] = res.Shape[0]
		case known:
			s[0] = I64(total)
		}
		return one(Type{Elem: res.Elem, Shape: s}, nil)
	case *Copy:
		return one(tc.array(e.Arr, "copied"))
	case *Rotate:
		if err := tc.want(e.R, i64, "rotation"); err != nil {
			return nil, err
		}
		return one(tc.array(e.Arr, "rotated"))
	case *ArrayLit:
		if e.Elem.Acc || e.Elem.Elem == prim.Invalid {
			return nil, fmt.Errorf("array literal of type %v", e.Elem)
		}
		for _, x := range e.Elems {
			if err := tc.want(x, e.Elem, "array element"); err != nil {
				return nil, err
			}
		}
		return one(e.Elem.ArrayOf(I64(int64(len(e.Elems)))), nil)
	case *Size:
		t, err := tc.array(e.Arr, "size of")
		if err != nil {
			return nil, err
		}
		if e.Dim < 0 || e.Dim >= t.Rank() {
			return nil, fmt.Errorf("size of dimension %d of %v of rank %d", e.Dim, e.Arr, t.Rank())
		}
		return one(i64, nil)
	case *Assert:
		for _, a := range e.Args {
			t, err := tc.subExp(a)
			if err != nil {
				return nil, err
			}
			if !t.IsScalar() {
				return nil, fmt.Errorf("assertion message argument %v is not a scalar", a)
			}
		}
		return nil, tc.want(e.Cond, Scalar(prim.Bool), "assertion")
	case *If:
		if e.Then == nil || e.Else == nil {
			return nil, fmt.Errorf("if without both branches")
		}
		return e.Ret, tc.want(e.Cond, Scalar(prim.Bool), "condition")
	case *Loop:
		if len(e.Params) != len(e.Init) {
			return nil, fmt.Errorf("loop has %d parameters and %d initial values", len(e.Params), len(e.Init))
		}
		if e.Body == nil {
			return nil, fmt.Errorf("loop without body")
		}
		for i, p := range e.Params {
			if err := tc.want(e.Init[i], p.Type, "initial value of "+p.Name.String()); err != nil {
				return nil, err
			}
		}
		switch f := e.Form.(type) {
		case *For:
			if !f.T.IsInt() {
				return nil, fmt.Errorf("loop index of type %v", f.T)
			}
			if err := tc.want(f.Bound, Scalar(f.T), "loop bound"); err != nil {
				return nil, err
			}
		case *While:
			found := false
			for _, p := range e.Params {
				if p.Name == f.Cond {
					found = p.Type.Equal(Scalar(prim.Bool))
				}
			}
			if !found {
				return nil, fmt.Errorf("while condition %v is not a bool loop parameter", f.Cond)
			}
		default:
			return nil, fmt.Errorf("loop without form")
		}
		ts := make([]Type, len(e.Params))
		for i, p := range e.Params {
			ts[i] = p.Type
		}
		return ts, nil
	case *Map:
		rows, err := tc.soacRows(e.W, e.Arrs, true, "map")
		if err != nil {
			return nil, err
		}
		if err := tc.lambdaArity(e.F, len(rows), -1, "map"); err != nil {
			return nil, err
		}
		for i, r := range rows {
			if err := paramCompatible(e.F.Params[i], r, "map", i); err != nil {
				return nil, err
			}
		}
		ts := make([]Type, len(e.F.Ret))
		for i, t := range e.F.Ret {
			if t.Acc {
				ts[i] = t
			} else {
				ts[i] = t.ArrayOf(e.W)
			}
		}
		return ts, nil
	case *Reduce:
		rows, err := tc.soacRows(e.W, e.Arrs, false, "reduce")
		if err != nil {
			return nil, err
		}
		return rows, tc.operator(e.Op, e.Neutral, rows, "reduce")
	case *Scan:
		rows, err := tc.soacRows(e.W, e.Arrs, false, "scan")
		if err != nil {
			return nil, err
		}
		ts := make([]Type, len(rows))
		for i, r := range rows {
			ts[i] = r.ArrayOf(e.W)
		}
		return ts, tc.operator(e.Op, e.Neutral, rows, "scan")
	case *Hist:
		dts, elems, err := tc.indexedDests(e.W, e.Dests, e.Inds, e.Vals, "hist")
		if err != nil {
			return nil, err
		}
		return dts, tc.operator(e.Op, e.Neutral, elems, "hist")
	case *Scatter:
		dts, _, err := tc.indexedDests(e.W, e.Dests, e.Inds, e.Vals, "scatter")
		return dts, err
	case *Screma:
		return tc.screma(e)
	case *JVP:
		return tc.ad(e.F, e.Primals, e.Tangents, e.Vec, e.Width, true)
	case *VJP:
		return tc.ad(e.F, e.Primals, e.Adjoints, e.Vec, e.Width, false)
	case *WithVJP:
		if err := tc.lambdaArity(e.F, len(e.Args), -1, "with_vjp"); err != nil {
			return nil, err
		}
		for i, a := range e.Args {
			if err := tc.want(a, e.F.Params[i].Type, "with_vjp argument"); err != nil {
				return nil, err
			}
		}
		if err := tc.lambdaArity(e.Rule, len(e.Args)+2*len(e.F.Ret), len(e.Args), "with_vjp rule"); err != nil {
			return nil, err
		}
		return e.F.Ret, nil
	case *WithAcc:
		n := len(e.Inputs)
		if err := tc.lambdaArity(e.F, n, -1, "withacc"); err != nil {
			return nil, err
		}
		if len(e.F.Ret) < n {
			return nil, fmt.Errorf("withacc lambda returns %d values, want at least %d", len(e.F.Ret), n)
		}
		ts := make([]Type, 0, len(e.F.Ret))
		for i, in := range e.Inputs {
			t, err := tc.array(in.Arr, "withacc input")
			if err != nil {
				return nil, err
			}
			if err := paramCompatible(e.F.Params[i], AccOf(t), "withacc", i); err != nil {
				return nil, err
			}
			if !e.F.Ret[i].Compatible(AccOf(t)) {
				return nil, fmt.Errorf("withacc lambda result %d has type %v, want %v", i, e.F.Ret[i], AccOf(t))
			}
			if in.Op != nil {
				if err := tc.operator(in.Op, in.Neutral, []Type{Scalar(t.Elem)}, "withacc"); err != nil {
					return nil, err
				}
			} else if !t.Elem.IsNumeric() {
				return nil, fmt.Errorf("withacc over %v without an operator", t)
			}
			ts = append(ts, t)
		}
		return append(ts, e.F.Ret[n:]...), nil
	case *UpdAcc:
		t, err := tc.name(e.Acc)
		if err != nil {
			return nil, err
		}
		if !t.Acc {
			return nil, fmt.Errorf("upd on %v of type %v, want an accumulator", e.Acc, t)
		}
		if len(e.Idx) == 0 || len(e.Idx) > t.Rank() {
			return nil, fmt.Errorf("%d indices for accumulator %v of rank %d", len(e.Idx), e.Acc, t.Rank())
		}
		for _, i := range e.Idx {
			if err := tc.want(i, i64, "index"); err != nil {
				return nil, err
			}
		}
		return one(t, tc.want(e.Val, Type{Elem: t.Elem, Shape: t.Shape[len(e.Idx):]}, "accumulated value"))
	case nil:
		return nil, fmt.Errorf("missing expression")
	}
	return nil, fmt.Errorf("unknown expression %T", e)
}

// screma checks a Screma (see its documentation for the layout of its
// function's results) and returns its result types.
func (tc typer) screma(e *Screma) ([]Type, error) {
	rows, err := tc.soacRows(e.W, e.Arrs, false, "screma")
	if err != nil {
		return nil, err
	}
	if err := tc.lambdaArity(e.F, len(rows), -1, "screma"); err != nil {
		return nil, err
	}
	for i, r := range rows {
		if err := paramCompatible(e.F.Params[i], r, "screma", i); err != nil {
			return nil, err
		}
	}
	ret := e.F.Ret
	if n := e.OpResults(); n > len(ret) {
		return nil, fmt.Errorf("screma: the operators take %d results, the function gives %d", n, len(ret))
	}
	for _, t := range ret {
		if t.Acc {
			return nil, fmt.Errorf("screma function returns an accumulator")
		}
	}
	var ts []Type
	k := 0
	for _, sc := range e.Scans {
		elems := ret[k : k+len(sc.Neutral)]
		if err := tc.operator(sc.Op, sc.Neutral, elems, "screma scan"); err != nil {
			return nil, err
		}
		for _, t := range elems {
			ts = append(ts, t.ArrayOf(e.W))
		}
		k += len(sc.Neutral)
	}
	for _, r := range e.Reds {
		elems := ret[k : k+len(r.Neutral)]
		if err := tc.operator(r.Op, r.Neutral, elems, "screma reduce"); err != nil {
			return nil, err
		}
		ts = append(ts, elems...)
		k += len(r.Neutral)
	}
	indexed := func(dests []VName, rank int, what string) ([]Type, error) {
		if rank < 1 {
			return nil, fmt.Errorf("%s with %d indices", what, rank)
		}
		if len(dests) == 0 {
			return nil, fmt.Errorf("%s without destinations", what)
		}
		for j := range rank {
			if !ret[k+j].Equal(i64) {
				return nil, fmt.Errorf("%s index %d has type %v, want i64", what, j, ret[k+j])
			}
		}
		k += rank
		elems := make([]Type, len(dests))
		for j, d := range dests {
			t, err := tc.array(d, what+" destination")
			if err != nil {
				return nil, err
			}
			if rank > t.Rank() {
				return nil, fmt.Errorf("%s: %d indices for destination %v of rank %d", what, rank, d, t.Rank())
			}
			elems[j] = Type{Elem: t.Elem, Shape: t.Shape[rank:]}
			if !ret[k+j].Compatible(elems[j]) {
				return nil, fmt.Errorf("%s value %d has type %v, want %v", what, j, ret[k+j], elems[j])
			}
			ts = append(ts, t)
		}
		k += len(dests)
		return elems, nil
	}
	for _, h := range e.Hists {
		elems, err := indexed(h.Dests, h.Rank, "screma hist")
		if err != nil {
			return nil, err
		}
		if err := tc.operator(h.Op, h.Neutral, elems, "screma hist"); err != nil {
			return nil, err
		}
	}
	for _, sc := range e.Scatters {
		if _, err := indexed(sc.Dests, sc.Rank, "screma scatter"); err != nil {
			return nil, err
		}
	}
	for _, t := range ret[k:] {
		ts = append(ts, t.ArrayOf(e.W))
	}
	return ts, nil
}

func (tc typer) ad(f *Lambda, primals, dirs []SubExp, vec bool, width SubExp, fwd bool) ([]Type, error) {
	what := "vjp"
	if fwd {
		what = "jvp"
	}
	if err := tc.lambdaArity(f, len(primals), -1, what); err != nil {
		return nil, err
	}
	if vec {
		if err := tc.want(width, i64, what+" width"); err != nil {
			return nil, err
		}
	}
	dirType := func(t Type) Type {
		if vec {
			return t.ArrayOf(width)
		}
		return t
	}
	for i, p := range primals {
		if err := tc.want(p, f.Params[i].Type, what+" argument"); err != nil {
			return nil, err
		}
	}
	dirTypes, outTypes := f.Ret, make([]Type, len(f.Params))
	for i, p := range f.Params {
		outTypes[i] = p.Type
	}
	if fwd {
		dirTypes, outTypes = outTypes, f.Ret
	}
	if len(dirs) != len(dirTypes) {
		return nil, fmt.Errorf("%s: %d seeds, want %d", what, len(dirs), len(dirTypes))
	}
	for i, d := range dirs {
		if err := tc.want(d, dirType(dirTypes[i]), what+" seed"); err != nil {
			return nil, err
		}
	}
	ts := append([]Type{}, f.Ret...)
	for _, t := range outTypes {
		ts = append(ts, dirType(t))
	}
	return ts, nil
}

func constProduct(s Shape) (int64, bool) {
	p := int64(1)
	for _, d := range s {
		if !d.IsConst {
			return 0, false
		}
		p *= d.Const.Int()
	}
	return p, true
}

func isPerm(p []int, n int) bool {
	if len(p) != n {
		return false
	}
	seen := make([]bool, n)
	for _, x := range p {
		if x < 0 || x >= n || seen[x] {
			return false
		}
		seen[x] = true
	}
	return true
}
