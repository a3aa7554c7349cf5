package prelude_test

// A direct evaluator of checked programs, used to run the programs of
// tests/prelude against the prelude before (and independently of) the
// lowering to the core IR. It is deliberately simple: values are boxed,
// arrays are slices of boxed elements, and size parameters are bound from
// argument shapes or from the checker's instantiation at each reference.
// The AD intrinsics are approximated by central finite differences (the
// test tolerance is 0.2%). Under reverse mode, a call of __with_vjp is
// replaced by the linear map its custom derivative defines around the
// unperturbed run (see withVJP); under forward mode it is just f.

import (
	"errors"
	"fmt"
	"math"
	"math/big"
	"sort"
	"strings"

	"github.com/fluxion-lang/fluxion/internal/check"
	"github.com/fluxion-lang/fluxion/internal/prim"
	"github.com/fluxion-lang/fluxion/internal/values"
)

// value is prim.Value, *array, record or *closure.
type value any

type array struct {
	elems []value
	inner []int64 // shape below the outer dimension, nil if unknown
}

type record map[string]value

type closure struct {
	call func(arg value) (value, error)
}

var errUnsupported = errors.New("unsupported by the test evaluator")

// runtimeError is a failure the program itself reports (index out of
// bounds, shape mismatch, division by zero, ...).
type runtimeError struct{ msg string }

func (e *runtimeError) Error() string { return e.msg }

func failf(format string, args ...any) error {
	return &runtimeError{fmt.Sprintf(format, args...)}
}

type env struct {
	vars   map[int]value
	parent *env
}

func (e *env) lookup(id int) (value, bool) {
	for ; e != nil; e = e.parent {
		if v, ok := e.vars[id]; ok {
			return v, true
		}
	}
	return nil, false
}

func (e *env) child() *env { return &env{vars: map[int]value{}, parent: e} }

type evaluator struct {
	decls     map[int]*check.ValBind
	constants map[int]value
	steps     int

	// Reverse-mode state for __with_vjp (see withVJP).
	reverse   int           // > 0 inside finiteVJP
	recording bool          // in the unperturbed run of finiteJVP
	replaying bool          // in a perturbed run of finiteJVP
	custom    []customPoint // the calls of the unperturbed run, in order
	replayed  int           // calls seen so far in a perturbed run
}

// customPoint is one __with_vjp call of the unperturbed run.
type customPoint struct {
	x, y, vjp value
}

func newEvaluator(p *check.Program) *evaluator {
	ev := &evaluator{decls: map[int]*check.ValBind{}, constants: map[int]value{}}
	for _, d := range p.Decls {
		ev.decls[d.Bind.ID] = d
	}
	return ev
}

func (ev *evaluator) tick() error {
	ev.steps++
	if ev.steps > 50_000_000 {
		return errors.New("evaluation takes too long")
	}
	return nil
}

// sizeValue evaluates a size in env, reporting false if it refers to
// something unbound.
func sizeValue(s check.Size, en *env) (int64, bool) {
	switch s := check.ZonkSize(s).(type) {
	case *check.SizeConst:
		return s.N, true
	case *check.SizeVar:
		v, ok := en.lookup(s.ID)
		if !ok {
			return 0, false
		}
		pv, ok := v.(prim.Value)
		if !ok {
			return 0, false
		}
		return pv.Int(), true
	case *check.SizeOp:
		l, ok1 := sizeValue(s.L, en)
		r, ok2 := sizeValue(s.R, en)
		if !ok1 || !ok2 {
			return 0, false
		}
		switch s.Op {
		case '+':
			return l + r, true
		case '-':
			return l - r, true
		case '*':
			return l * r, true
		}
	}
	return 0, false
}

// matchShape binds or checks the sizes of type t against value v: a
// dimension that is an unbound size parameter in params is bound, one
// that can be evaluated is checked, others are ignored.
func matchShape(t check.Type, v value, en *env, params map[int]bool) error {
	dims := shapeOf(v)
	for _, n := range dims {
		a, ok := check.Zonk(t).(*check.Array)
		if !ok {
			return nil
		}
		if sv, ok := check.ZonkSize(a.Size).(*check.SizeVar); ok && params[sv.ID] {
			if _, bound := en.vars[sv.ID]; !bound {
				en.vars[sv.ID] = prim.IntValue(prim.I64, n)
			}
		}
		if want, ok := sizeValue(a.Size, en); ok && want != n {
			return failf("shape mismatch: value of shape [%d] does not match shape [%d]", n, want)
		}
		t = a.Elem
	}
	return nil
}

// shapeOf gives the known dimensions of v, outermost first.
func shapeOf(v value) []int64 {
	var dims []int64
	for {
		a, ok := v.(*array)
		if !ok {
			return dims
		}
		dims = append(dims, int64(len(a.elems)))
		if len(a.elems) == 0 {
			return append(dims, a.inner...)
		}
		v = a.elems[0]
	}
}

func (ev *evaluator) global(d *check.ValBind, inst []value) (value, error) {
	if len(d.Params) == 0 {
		if v, ok := ev.constants[d.Bind.ID]; ok {
			return v, nil
		}
		v, err := ev.expr(d.Body, &env{vars: map[int]value{}})
		if err != nil {
			return nil, err
		}
		ev.constants[d.Bind.ID] = v
		return v, nil
	}
	sizeParams := d.Bind.Scheme.SizeParams
	params := map[int]bool{}
	for _, s := range sizeParams {
		params[s.ID] = true
	}
	var apply func(args []value) value
	apply = func(args []value) value {
		return &closure{call: func(arg value) (value, error) {
			args := append(append([]value{}, args...), arg)
			if len(args) < len(d.Params) {
				return apply(args), nil
			}
			en := &env{vars: map[int]value{}}
			for i, p := range d.Params {
				if err := matchShape(p.Type(), args[i], en, params); err != nil {
					return nil, err
				}
			}
			for i, s := range sizeParams {
				if _, ok := en.vars[s.ID]; !ok && i < len(inst) && inst[i] != nil {
					en.vars[s.ID] = inst[i]
				}
			}
			for i, p := range d.Params {
				if err := bindPat(p, args[i], en); err != nil {
					return nil, err
				}
			}
			return ev.expr(d.Body, en)
		}}
	}
	return apply(nil), nil
}

func bindPat(p check.Pat, v value, en *env) error {
	switch p := p.(type) {
	case *check.PName:
		en.vars[p.Bind.ID] = v
	case *check.PWild:
	case *check.PRecord:
		r, ok := v.(record)
		if !ok {
			return fmt.Errorf("pattern %T against %T: %w", p, v, errUnsupported)
		}
		for _, f := range p.Fields {
			if err := bindPat(f.Pat, r[f.Name], en); err != nil {
				return err
			}
		}
	default:
		return fmt.Errorf("pattern %T: %w", p, errUnsupported)
	}
	return nil
}

func litValue(l *check.Lit) value {
	switch {
	case l.Prim == prim.Bool:
		return prim.BoolValue(l.Bool)
	case l.Prim.IsFloat():
		var f float64
		if l.Float != nil {
			f, _ = l.Float.Float64()
		} else {
			f, _ = new(big.Float).SetInt(l.Int).Float64()
		}
		if l.Prim == prim.F32 && l.Float != nil {
			f32, _ := l.Float.Float32()
			return prim.Float32Value(f32)
		}
		return prim.FloatValue(l.Prim, f)
	case l.Prim.IsUnsigned():
		return prim.UintValue(l.Prim, new(big.Int).And(l.Int, new(big.Int).SetUint64(math.MaxUint64)).Uint64())
	default:
		return prim.IntValue(l.Prim, l.Int.Int64())
	}
}

func asInt(v value) (int64, error) {
	p, ok := v.(prim.Value)
	if !ok {
		return 0, fmt.Errorf("expected an integer, got %T: %w", v, errUnsupported)
	}
	return p.Int(), nil
}

func asBool(v value) bool { return v.(prim.Value).Bool() }

func (ev *evaluator) apply(f value, args ...value) (value, error) {
	for _, a := range args {
		c, ok := f.(*closure)
		if !ok {
			return nil, fmt.Errorf("applying %T: %w", f, errUnsupported)
		}
		var err error
		if f, err = c.call(a); err != nil {
			return nil, err
		}
	}
	return f, nil
}

func (ev *evaluator) expr(e check.Expr, en *env) (value, error) {
	if err := ev.tick(); err != nil {
		return nil, err
	}
	switch e := e.(type) {
	case *check.Lit:
		return litValue(e), nil
	case *check.VarRef:
		if v, ok := en.lookup(e.Bind.ID); ok {
			return v, nil
		}
		if e.Bind.Intrinsic != "" {
			return ev.intrinsic(e.Bind.Intrinsic)
		}
		d := ev.decls[e.Bind.ID]
		if d == nil {
			return nil, fmt.Errorf("%s: unbound %s: %w", e.Pos(), e.Bind.Name, errUnsupported)
		}
		var inst []value
		if e.Inst != nil {
			for _, s := range e.Inst.Sizes {
				if n, ok := sizeValue(s, en); ok {
					inst = append(inst, prim.IntValue(prim.I64, n))
				} else {
					inst = append(inst, nil)
				}
			}
		}
		return ev.global(d, inst)
	case *check.BinOpExpr:
		x, err := ev.expr(e.X, en)
		if err != nil {
			return nil, err
		}
		if e.Op == "&&" || e.Op == "||" {
			if asBool(x) == (e.Op == "||") {
				return x, nil
			}
			return ev.expr(e.Y, en)
		}
		y, err := ev.expr(e.Y, en)
		if err != nil {
			return nil, err
		}
		if e.Cmp != 0 {
			if e.Cmp == prim.Eq || e.Cmp == prim.Ne {
				eq := equal(x, y)
				return prim.BoolValue(eq == (e.Cmp == prim.Eq)), nil
			}
			px := x.(prim.Value)
			return prim.EvalCmpOp(e.Cmp, px.Type(), px, y.(prim.Value))
		}
		px := x.(prim.Value)
		r, err := prim.EvalBinOp(e.Bin, px.Type(), px, y.(prim.Value))
		if err != nil {
			return nil, failf("%v", err)
		}
		return r, nil
	case *check.UnOpExpr:
		x, err := ev.expr(e.X, en)
		if err != nil {
			return nil, err
		}
		px := x.(prim.Value)
		return prim.EvalUnOp(e.Op, px.Type(), px)
	case *check.Apply:
		f, err := ev.expr(e.Fun, en)
		if err != nil {
			return nil, err
		}
		a, err := ev.expr(e.Arg, en)
		if err != nil {
			return nil, err
		}
		return ev.apply(f, a)
	case *check.Lambda:
		return ev.lambda(e.Params, nil, e.Body, en), nil
	case *check.Let:
		v, err := ev.expr(e.Value, en)
		if err != nil {
			return nil, err
		}
		inner := en.child()
		if err := bindPat(e.Pat, v, inner); err != nil {
			return nil, err
		}
		return ev.expr(e.Body, inner)
	case *check.LetFun:
		inner := en.child()
		params := map[int]bool{}
		for _, s := range e.Bind.Scheme.SizeParams {
			params[s.ID] = true
		}
		inner.vars[e.Bind.ID] = ev.lambda(e.Params, params, e.Value, inner)
		return ev.expr(e.Body, inner)
	case *check.If:
		c, err := ev.expr(e.Cond, en)
		if err != nil {
			return nil, err
		}
		if asBool(c) {
			return ev.expr(e.Then, en)
		}
		return ev.expr(e.Else, en)
	case *check.Loop:
		return ev.loop(e, en)
	case *check.RecordLit:
		r := record{}
		for _, f := range e.Fields {
			v, err := ev.expr(f.Value, en)
			if err != nil {
				return nil, err
			}
			r[f.Name] = v
		}
		return r, nil
	case *check.Project:
		x, err := ev.expr(e.X, en)
		if err != nil {
			return nil, err
		}
		r, ok := x.(record)
		if !ok {
			return nil, fmt.Errorf("projection of %T: %w", x, errUnsupported)
		}
		return r[e.Field], nil
	case *check.Index:
		x, err := ev.expr(e.X, en)
		if err != nil {
			return nil, err
		}
		return ev.index(x, e.Indices, en)
	case *check.Update:
		return ev.update(e, en)
	case *check.ArrayLit:
		a := &array{}
		for _, x := range e.Elems {
			v, err := ev.expr(x, en)
			if err != nil {
				return nil, err
			}
			a.elems = append(a.elems, v)
		}
		a.inner = innerOf(a.elems)
		return a, nil
	case *check.Coerce:
		x, err := ev.expr(e.X, en)
		if err != nil {
			return nil, err
		}
		if err := matchShape(e.Type(), x, en, nil); err != nil {
			return nil, err
		}
		return x, nil
	case *check.Assert:
		c, err := ev.expr(e.Cond, en)
		if err != nil {
			return nil, err
		}
		if !asBool(c) {
			return nil, failf("Assertion is false: %s", e.CondText)
		}
		return ev.expr(e.Body, en)
	}
	return nil, fmt.Errorf("%s: expression %T: %w", e.Pos(), e, errUnsupported)
}

// lambda builds a curried closure; sizeParams are bound from argument
// shapes when the last argument arrives.
func (ev *evaluator) lambda(ps []check.Pat, sizeParams map[int]bool, body check.Expr, en *env) value {
	var build func(args []value) value
	build = func(args []value) value {
		return &closure{call: func(arg value) (value, error) {
			args := append(append([]value{}, args...), arg)
			if len(args) < len(ps) {
				return build(args), nil
			}
			inner := en.child()
			for i, p := range ps {
				if err := matchShape(p.Type(), args[i], inner, sizeParams); err != nil {
					return nil, err
				}
				if err := bindPat(p, args[i], inner); err != nil {
					return nil, err
				}
			}
			return ev.expr(body, inner)
		}}
	}
	return build(nil)
}

func (ev *evaluator) loop(e *check.Loop, en *env) (value, error) {
	acc, err := ev.expr(e.Init, en)
	if err != nil {
		return nil, err
	}
	step := func(bind func(*env) error) error {
		inner := en.child()
		if err := bindPat(e.Pat, acc, inner); err != nil {
			return err
		}
		if bind != nil {
			if err := bind(inner); err != nil {
				return err
			}
		}
		acc, err = ev.expr(e.Body, inner)
		return err
	}
	switch {
	case e.For != nil:
		bound, err := ev.expr(e.For.Bound, en)
		if err != nil {
			return nil, err
		}
		b := bound.(prim.Value)
		for i := int64(0); i < b.Int(); i++ {
			iv := prim.IntValue(b.Type(), i)
			if err := step(func(in *env) error { in.vars[e.For.Var.ID] = iv; return nil }); err != nil {
				return nil, err
			}
		}
	case e.ForIn != nil:
		xs, err := ev.expr(e.ForIn.Array, en)
		if err != nil {
			return nil, err
		}
		for _, x := range xs.(*array).elems {
			if err := step(func(in *env) error { return bindPat(e.ForIn.Pat, x, in) }); err != nil {
				return nil, err
			}
		}
	default:
		for {
			inner := en.child()
			if err := bindPat(e.Pat, acc, inner); err != nil {
				return nil, err
			}
			c, err := ev.expr(e.While.Cond, inner)
			if err != nil {
				return nil, err
			}
			if !asBool(c) {
				break
			}
			if err := step(nil); err != nil {
				return nil, err
			}
		}
	}
	return acc, nil
}

// slice resolves one dimension index into the selected positions, or a
// single position when the dimension is indexed.
func (ev *evaluator) dimIndex(d *check.DimIndex, n int64, en *env) (idx []int64, single bool, err error) {
	if !d.Slice {
		v, err := ev.expr(d.Index, en)
		if err != nil {
			return nil, false, err
		}
		i, err := asInt(v)
		if err != nil {
			return nil, false, err
		}
		if i < 0 || i >= n {
			return nil, false, failf("Index [%d] out of bounds for array of shape [%d].", i, n)
		}
		return []int64{i}, true, nil
	}
	get := func(x check.Expr, def int64) (int64, error) {
		if x == nil {
			return def, nil
		}
		v, err := ev.expr(x, en)
		if err != nil {
			return 0, err
		}
		return asInt(v)
	}
	s, err := get(d.Stride, 1)
	if err != nil {
		return nil, false, err
	}
	if s == 0 {
		return nil, false, failf("slice stride is zero")
	}
	defI, defJ := int64(0), n
	if s < 0 {
		defI, defJ = n-1, -1
	}
	i, err := get(d.Start, defI)
	if err != nil {
		return nil, false, err
	}
	j, err := get(d.End, defJ)
	if err != nil {
		return nil, false, err
	}
	var count int64
	if s > 0 {
		count = (j - i + s - 1) / s
		if j-i < 0 {
			count = -1
		}
	} else {
		count = (i - j + (-s) - 1) / (-s)
		if i-j < 0 {
			count = -1
		}
	}
	if count < 0 {
		return nil, false, failf("Index [%d:%d:%d] out of bounds for array of shape [%d].", i, j, s, n)
	}
	for k := int64(0); k < count; k++ {
		p := i + k*s
		if p < 0 || p >= n {
			return nil, false, failf("Index [%d:%d:%d] out of bounds for array of shape [%d].", i, j, s, n)
		}
		idx = append(idx, p)
	}
	return idx, false, nil
}

func (ev *evaluator) index(x value, ds []*check.DimIndex, en *env) (value, error) {
	if len(ds) == 0 {
		return x, nil
	}
	a, ok := x.(*array)
	if !ok {
		return nil, fmt.Errorf("indexing %T: %w", x, errUnsupported)
	}
	idx, single, err := ev.dimIndex(ds[0], int64(len(a.elems)), en)
	if err != nil {
		return nil, err
	}
	if single {
		return ev.index(a.elems[idx[0]], ds[1:], en)
	}
	r := &array{inner: a.inner}
	for _, i := range idx {
		v, err := ev.index(a.elems[i], ds[1:], en)
		if err != nil {
			return nil, err
		}
		r.elems = append(r.elems, v)
	}
	if len(ds) > 1 {
		r.inner = innerOf(r.elems)
	}
	return r, nil
}

func (ev *evaluator) update(e *check.Update, en *env) (value, error) {
	x, err := ev.expr(e.X, en)
	if err != nil {
		return nil, err
	}
	v, err := ev.expr(e.Value, en)
	if err != nil {
		return nil, err
	}
	var set func(x value, steps []*check.UpdateStep, ds []*check.DimIndex) (value, error)
	set = func(x value, steps []*check.UpdateStep, ds []*check.DimIndex) (value, error) {
		if len(ds) == 0 {
			if len(steps) == 0 {
				return v, nil
			}
			st := steps[0]
			if st.Indices == nil {
				r := record{}
				for k, f := range x.(record) {
					r[k] = f
				}
				nv, err := set(r[st.Field], steps[1:], nil)
				if err != nil {
					return nil, err
				}
				r[st.Field] = nv
				return r, nil
			}
			return set(x, steps[1:], st.Indices)
		}
		a := x.(*array)
		idx, single, err := ev.dimIndex(ds[0], int64(len(a.elems)), en)
		if err != nil {
			return nil, err
		}
		r := &array{elems: append([]value{}, a.elems...), inner: a.inner}
		if single {
			nv, err := set(a.elems[idx[0]], steps, ds[1:])
			if err != nil {
				return nil, err
			}
			r.elems[idx[0]] = nv
			return r, nil
		}
		// A slice update takes its values from the matching rows of v.
		src, ok := v.(*array)
		if !ok || len(src.elems) != len(idx) || len(ds) > 1 || len(steps) > 0 {
			if ok && len(src.elems) != len(idx) {
				return nil, failf("shape mismatch: %d values for a slice of %d", len(src.elems), len(idx))
			}
			return nil, fmt.Errorf("complex slice update: %w", errUnsupported)
		}
		for k, i := range idx {
			r.elems[i] = src.elems[k]
		}
		return r, nil
	}
	return set(x, e.Steps, nil)
}

func innerOf(elems []value) []int64 {
	if len(elems) == 0 {
		return nil
	}
	if a, ok := elems[0].(*array); ok {
		return append([]int64{int64(len(a.elems))}, a.inner...)
	}
	return []int64{}
}

func equal(x, y value) bool {
	switch x := x.(type) {
	case prim.Value:
		r, err := prim.EvalCmpOp(prim.Eq, x.Type(), x, y.(prim.Value))
		return err == nil && r.Bool()
	case *array:
		ya := y.(*array)
		if len(x.elems) != len(ya.elems) {
			return false
		}
		for i := range x.elems {
			if !equal(x.elems[i], ya.elems[i]) {
				return false
			}
		}
		return true
	case record:
		yr := y.(record)
		for k := range x {
			if !equal(x[k], yr[k]) {
				return false
			}
		}
		return true
	}
	return false
}

func fn(n int, f func(args []value) (value, error)) value {
	var build func(args []value) value
	build = func(args []value) value {
		return &closure{call: func(a value) (value, error) {
			args := append(append([]value{}, args...), a)
			if len(args) < n {
				return build(args), nil
			}
			return f(args)
		}}
	}
	return build(nil)
}

func arr(v value) *array { return v.(*array) }

func iotaArray(n int64) *array {
	a := &array{inner: []int64{}}
	for i := int64(0); i < n; i++ {
		a.elems = append(a.elems, prim.IntValue(prim.I64, i))
	}
	return a
}

func (ev *evaluator) intrinsic(name string) (value, error) {
	base := strings.TrimPrefix(name, "__")
	if f, ok := prim.LookupFunc(base); ok {
		return fn(len(f.Params), func(args []value) (value, error) {
			ps := make([]prim.Value, len(args))
			for i, a := range args {
				ps[i] = a.(prim.Value)
			}
			return prim.EvalFunc(base, ps)
		}), nil
	}
	// fold returns the left fold and all its partial results.
	fold := func(f, ne value, xs *array) (value, *array, error) {
		acc := ne
		out := &array{inner: innerOf([]value{ne})}
		for _, x := range xs.elems {
			var err error
			if acc, err = ev.apply(f, acc, x); err != nil {
				return nil, nil, err
			}
			out.elems = append(out.elems, acc)
		}
		return acc, out, nil
	}
	switch base {
	case "with_vjp":
		return fn(3, func(a []value) (value, error) { return ev.withVJP(a[0], a[1], a[2]) }), nil
	case "jvp2":
		return fn(3, func(a []value) (value, error) {
			y, dy, err := ev.finiteJVP(a[0], a[1], a[2])
			return record{"0": y, "1": dy}, err
		}), nil
	case "vjp2":
		return fn(3, func(a []value) (value, error) {
			y, dx, err := ev.finiteVJP(a[0], a[1], a[2])
			return record{"0": y, "1": dx}, err
		}), nil
	case "jmp2", "mjp2":
		return fn(3, func(a []value) (value, error) {
			y, err := ev.apply(a[0], a[1])
			if err != nil {
				return nil, err
			}
			out := &array{}
			for _, d := range arr(a[2]).elems {
				var r value
				if base == "jmp2" {
					_, r, err = ev.finiteJVP(a[0], a[1], d)
				} else {
					_, r, err = ev.finiteVJP(a[0], a[1], d)
				}
				if err != nil {
					return nil, err
				}
				out.elems = append(out.elems, r)
			}
			out.inner = innerOf(out.elems)
			return record{"0": y, "1": out}, nil
		}), nil
	case "map":
		return fn(2, func(a []value) (value, error) {
			out := &array{}
			for _, x := range arr(a[1]).elems {
				y, err := ev.apply(a[0], x)
				if err != nil {
					return nil, err
				}
				out.elems = append(out.elems, y)
			}
			out.inner = innerOf(out.elems)
			return out, nil
		}), nil
	case "reduce", "reduce_comm":
		return fn(3, func(a []value) (value, error) {
			r, _, err := fold(a[0], a[1], arr(a[2]))
			return r, err
		}), nil
	case "scan":
		return fn(3, func(a []value) (value, error) {
			_, out, err := fold(a[0], a[1], arr(a[2]))
			return out, err
		}), nil
	case "hist":
		return fn(5, func(a []value) (value, error) {
			dest := arr(a[0])
			out := &array{elems: append([]value{}, dest.elems...), inner: dest.inner}
			is, vs := arr(a[3]), arr(a[4])
			if len(is.elems) != len(vs.elems) {
				return nil, failf("shape mismatch in hist")
			}
			for j, iv := range is.elems {
				i := iv.(prim.Value).Int()
				if i < 0 || i >= int64(len(out.elems)) {
					continue
				}
				r, err := ev.apply(a[1], out.elems[i], vs.elems[j])
				if err != nil {
					return nil, err
				}
				out.elems[i] = r
			}
			return out, nil
		}), nil
	case "scatter":
		return fn(3, func(a []value) (value, error) {
			dest := arr(a[0])
			out := &array{elems: append([]value{}, dest.elems...), inner: dest.inner}
			is, vs := arr(a[1]), arr(a[2])
			if len(is.elems) != len(vs.elems) {
				return nil, failf("shape mismatch in scatter")
			}
			for j, iv := range is.elems {
				if i := iv.(prim.Value).Int(); i >= 0 && i < int64(len(out.elems)) {
					out.elems[i] = vs.elems[j]
				}
			}
			return out, nil
		}), nil
	case "zip":
		return fn(2, func(a []value) (value, error) {
			xs, ys := arr(a[0]), arr(a[1])
			if len(xs.elems) != len(ys.elems) {
				return nil, failf("shape mismatch: cannot zip arrays of shape [%d] and [%d]", len(xs.elems), len(ys.elems))
			}
			out := &array{}
			for i := range xs.elems {
				out.elems = append(out.elems, record{"0": xs.elems[i], "1": ys.elems[i]})
			}
			return out, nil
		}), nil
	case "iota":
		return fn(1, func(a []value) (value, error) {
			n, _ := asInt(a[0])
			if n < 0 {
				return nil, failf("Range 0..<%d is invalid.", n)
			}
			return iotaArray(n), nil
		}), nil
	case "replicate":
		return fn(2, func(a []value) (value, error) {
			n, _ := asInt(a[0])
			if n < 0 {
				return nil, failf("cannot replicate a negative number of times: %d", n)
			}
			out := &array{inner: innerOf([]value{a[1]})}
			for i := int64(0); i < n; i++ {
				out.elems = append(out.elems, a[1])
			}
			return out, nil
		}), nil
	case "copy", "trace":
		return fn(1, func(a []value) (value, error) { return a[0], nil }), nil
	case "flatten":
		return fn(1, func(a []value) (value, error) {
			xs := arr(a[0])
			out := &array{}
			for _, row := range xs.elems {
				out.elems = append(out.elems, arr(row).elems...)
			}
			if len(xs.inner) > 0 {
				out.inner = xs.inner[1:]
			}
			return out, nil
		}), nil
	case "unflatten":
		return fn(3, func(a []value) (value, error) {
			n, _ := asInt(a[0])
			m, _ := asInt(a[1])
			xs := arr(a[2])
			if n < 0 || m < 0 || n*m != int64(len(xs.elems)) {
				return nil, failf("Cannot unflatten array of shape [%d] to shape [%d][%d]", len(xs.elems), n, m)
			}
			out := &array{inner: append([]int64{m}, xs.inner...)}
			for i := int64(0); i < n; i++ {
				out.elems = append(out.elems, &array{elems: xs.elems[i*m : (i+1)*m], inner: xs.inner})
			}
			return out, nil
		}), nil
	case "transpose":
		return fn(1, func(a []value) (value, error) {
			xs := arr(a[0])
			var m int64
			var below []int64
			if len(xs.inner) > 0 {
				m, below = xs.inner[0], xs.inner[1:]
			} else if len(xs.elems) > 0 {
				m = int64(len(arr(xs.elems[0]).elems))
			}
			out := &array{inner: append([]int64{int64(len(xs.elems))}, below...)}
			for j := int64(0); j < m; j++ {
				col := &array{inner: below}
				for _, row := range xs.elems {
					col.elems = append(col.elems, arr(row).elems[j])
				}
				out.elems = append(out.elems, col)
			}
			return out, nil
		}), nil
	case "concat":
		return fn(2, func(a []value) (value, error) {
			xs, ys := arr(a[0]), arr(a[1])
			inner := xs.inner
			if len(xs.elems) == 0 {
				inner = ys.inner
			}
			return &array{elems: append(append([]value{}, xs.elems...), ys.elems...), inner: inner}, nil
		}), nil
	case "rotate":
		return fn(2, func(a []value) (value, error) {
			r, _ := asInt(a[0])
			xs := arr(a[1])
			n := int64(len(xs.elems))
			out := &array{inner: xs.inner}
			for x := int64(0); x < n; x++ {
				k := ((x+r)%n + n) % n
				out.elems = append(out.elems, xs.elems[k])
			}
			return out, nil
		}), nil
	}
	return nil, fmt.Errorf("intrinsic %s: %w", name, errUnsupported)
}

// fromValue converts an input value.
func fromValue(v values.Value) value {
	if v.IsScalar() {
		return v.Scalar()
	}
	shape := v.Shape()
	var build func(dim int, off int) (value, int)
	build = func(dim int, off int) (value, int) {
		if dim == len(shape) {
			return v.Get(off), off + 1
		}
		a := &array{inner: append([]int64{}, shape[dim+1:]...)}
		for i := int64(0); i < shape[dim]; i++ {
			var e value
			e, off = build(dim+1, off)
			a.elems = append(a.elems, e)
		}
		return a, off
	}
	r, _ := build(0, 0)
	return r
}

// toValue converts a result of element type elem and rank rank.
func toValue(x value, elem prim.Type, rank int) (values.Value, error) {
	if rank == 0 {
		p, ok := x.(prim.Value)
		if !ok {
			return values.Value{}, fmt.Errorf("result %T is not a scalar", x)
		}
		return values.Scalar(p), nil
	}
	shape := make([]int64, rank)
	var flat []prim.Value
	var walk func(v value, dim int) error
	walk = func(v value, dim int) error {
		if dim == rank {
			p, ok := v.(prim.Value)
			if !ok {
				return fmt.Errorf("result element %T is not a scalar", v)
			}
			flat = append(flat, p)
			return nil
		}
		a, ok := v.(*array)
		if !ok {
			return fmt.Errorf("result is not an array of rank %d", rank)
		}
		n := int64(len(a.elems))
		if n == 0 {
			shape[dim] = 0
			for k, d := range a.inner {
				if dim+1+k < rank && shape[dim+1+k] == 0 {
					shape[dim+1+k] = d
				}
			}
			return nil
		}
		shape[dim] = n
		for _, e := range a.elems {
			if err := walk(e, dim+1); err != nil {
				return err
			}
		}
		return nil
	}
	if err := walk(x, 0); err != nil {
		return values.Value{}, err
	}
	out := values.NewArray(elem, shape)
	if out.Len() != len(flat) {
		return values.Value{}, fmt.Errorf("irregular result of shape %v with %d elements", shape, len(flat))
	}
	for i, p := range flat {
		out.Set(i, p)
	}
	return out, nil
}

// floats lists the floating-point scalars of v in a fixed order.
func floats(v value) []float64 {
	var out []float64
	var walk func(v value)
	walk = func(v value) {
		switch v := v.(type) {
		case prim.Value:
			if v.Type().IsFloat() {
				out = append(out, v.Float())
			}
		case *array:
			for _, e := range v.elems {
				walk(e)
			}
		case record:
			for _, k := range sortedKeys(v) {
				walk(v[k])
			}
		}
	}
	walk(v)
	return out
}

// withFloats rebuilds v with its floating-point scalars taken from fs.
func withFloats(v value, fs []float64) value {
	i := 0
	var walk func(v value) value
	walk = func(v value) value {
		switch v := v.(type) {
		case prim.Value:
			if v.Type().IsFloat() {
				i++
				return prim.FloatValue(v.Type(), fs[i-1])
			}
			return v
		case *array:
			r := &array{inner: v.inner}
			for _, e := range v.elems {
				r.elems = append(r.elems, walk(e))
			}
			return r
		case record:
			r := record{}
			for _, k := range sortedKeys(v) {
				r[k] = walk(v[k])
			}
			return r
		}
		return v
	}
	return walk(v)
}

func sortedKeys(r record) []string {
	ks := make([]string, 0, len(r))
	for k := range r {
		ks = append(ks, k)
	}
	sort.Strings(ks)
	return ks
}

const fdStep = 1e-5

// finiteJVP approximates (f x, J dx) by a central difference.
func (ev *evaluator) finiteJVP(f, x, dx value) (value, value, error) {
	saved := *ev
	defer func() {
		ev.custom, ev.recording, ev.replaying, ev.replayed = saved.custom, saved.recording, saved.replaying, saved.replayed
	}()
	ev.custom, ev.recording, ev.replaying = nil, true, false
	y, err := ev.apply(f, x)
	ev.recording, ev.replaying = false, true
	if err != nil {
		return nil, nil, err
	}
	xs, ds := floats(x), floats(dx)
	shifted := func(sign float64) (value, error) {
		p := make([]float64, len(xs))
		for i := range xs {
			p[i] = xs[i] + sign*fdStep*ds[i]
		}
		ev.replayed = 0
		return ev.apply(f, withFloats(x, p))
	}
	yp, err := shifted(1)
	if err != nil {
		return nil, nil, err
	}
	ym, err := shifted(-1)
	if err != nil {
		return nil, nil, err
	}
	fp, fm := floats(yp), floats(ym)
	d := make([]float64, len(fp))
	for i := range fp {
		d[i] = (fp[i] - fm[i]) / (2 * fdStep)
	}
	return y, withFloats(y, d), nil
}

// finiteVJP approximates (f x, J^T dy) one input component at a time.
func (ev *evaluator) finiteVJP(f, x, dy value) (value, value, error) {
	ev.reverse++
	defer func() { ev.reverse-- }()
	y, err := ev.apply(f, x)
	if err != nil {
		return nil, nil, err
	}
	n := len(floats(x))
	dys := floats(dy)
	grad := make([]float64, n)
	for i := range grad {
		e := make([]float64, n)
		e[i] = 1
		_, col, err := ev.finiteJVP(f, x, withFloats(x, e))
		if err != nil {
			return nil, nil, err
		}
		for j, c := range floats(col) {
			grad[i] += c * dys[j]
		}
	}
	return y, withFloats(x, grad), nil
}

// withVJP evaluates __with_vjp f f' x. Outside reverse mode it is f x.
// Under reverse mode the unperturbed run records x, y = f x and f'; each
// perturbed run then returns y + J (x - x0) instead of f x, where row j of
// the custom Jacobian J is f' y e_j (f' gives J^T dy), so the finite
// differences see exactly the custom derivative.
func (ev *evaluator) withVJP(f, vjp, x value) (value, error) {
	if ev.reverse == 0 || !ev.replaying {
		y, err := ev.apply(f, x)
		if err == nil && ev.reverse > 0 && ev.recording {
			ev.custom = append(ev.custom, customPoint{x: x, y: y, vjp: vjp})
		}
		return y, err
	}
	if ev.replayed >= len(ev.custom) {
		return nil, fmt.Errorf("with_vjp call not seen in the unperturbed run: %w", errUnsupported)
	}
	p := ev.custom[ev.replayed]
	ev.replayed++
	x0, x1, y0 := floats(p.x), floats(x), floats(p.y)
	y1 := append([]float64{}, y0...)
	for j := range y0 {
		e := make([]float64, len(y0))
		e[j] = 1
		row, err := ev.apply(p.vjp, p.y, withFloats(p.y, e))
		if err != nil {
			return nil, err
		}
		for i, r := range floats(row) {
			y1[j] += r * (x1[i] - x0[i])
		}
	}
	return withFloats(p.y, y1), nil
}
