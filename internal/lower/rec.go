package lower

import (
	"fmt"
	"strings"

	"github.com/fluxion-lang/fluxion/internal/check"
	"github.com/fluxion-lang/fluxion/internal/ir"
	"github.com/fluxion-lang/fluxion/internal/prim"
)

// A recursive top-level function cannot be inlined; it becomes an internal
// IR function per instantiation (recursion is monomorphic in types, so the
// argument types identify it) that the call sites Apply.

// recFun is a recursive function with the arguments applied so far.
type recFun struct {
	d     *check.ValBind
	types map[int]check.Type
	args  []value
}

// recInstance is one lowered instantiation of a recursive function.
type recInstance struct {
	name string
	tmpl value
	ret  []ir.Type
}

func (l *lowerer) isRecursive(d *check.ValBind) bool {
	if r, ok := l.recursive[d]; ok {
		return r
	}
	rec := false
	check.Inspect(d.Body, func(x check.Expr) bool {
		if v, ok := x.(*check.VarRef); ok && v.Bind == d.Bind {
			rec = true
		}
		return !rec
	})
	l.recursive[d] = rec
	return rec
}

// typeLeaves builds a value of type t whose leaves are placeholders, with
// the IR types of the leaves (sizes unknown).
func (l *lowerer) typeLeaves(t check.Type, e *env) (value, []ir.Type) {
	var ts []ir.Type
	var walk func(t check.Type, rank int) value
	walk = func(t check.Type, rank int) value {
		switch t := concrete(t, e).(type) {
		case *check.Prim:
			ts = append(ts, ir.Type{Elem: t.P, Shape: make(ir.Shape, rank)})
			return &leaf{}
		case *check.Array:
			return walk(t.Elem, rank+1)
		case *check.Record:
			r := &record{}
			for _, f := range t.Fields {
				r.names = append(r.names, f.Name)
				r.fields = append(r.fields, walk(f.Type, rank))
			}
			return r
		case *check.Sum:
			ts = append(ts, ir.Type{Elem: prim.I64, Shape: make(ir.Shape, rank)})
			s := &sum{payloads: make([][]value, len(t.Cons))}
			for k, c := range t.Cons {
				for _, pt := range c.Payload {
					s.payloads[k] = append(s.payloads[k], walk(pt, rank))
				}
			}
			return s
		}
		l.fail("recursive functions cannot return a value of type %s", check.TypeString(t))
		return nil
	}
	v := walk(t, 0)
	return v, ts
}

// callRec lowers a full application of a recursive function.
func (l *lowerer) callRec(f *recFun) value {
	d := f.d
	var args []ir.SubExp
	var sig []string
	for _, a := range f.args {
		if hasFunction(a) {
			l.fail("%s: recursive functions with function arguments are not supported", d.Bind.Name)
		}
		for _, s := range leaves(a) {
			args = append(args, s)
			t, _ := l.typeOf(s)
			sig = append(sig, fmt.Sprintf("%d%v", t.Rank(), t.Elem))
		}
	}
	key := fmt.Sprintf("%d:%s", d.Bind.ID, strings.Join(sig, ","))
	inst, ok := l.recs[key]
	if !ok {
		inst = l.lowerRec(f, key)
	}
	names := l.b.LetN("call", &ir.Apply{Func: inst.name, Args: args, Ret: inst.ret})
	return rebuild(inst.tmpl, vars(names))
}

func (l *lowerer) lowerRec(f *recFun, key string) *recInstance {
	d := f.d
	e := l.root.child()
	e.types = f.types
	tmpl, ret := l.typeLeaves(d.RetType, e)
	inst := &recInstance{name: fmt.Sprintf("%s.%s.%d", l.entry, d.Bind.Name, len(l.recs)+1), tmpl: tmpl, ret: ret}
	l.recs[key] = inst

	argTypes := make([][]ir.Type, len(f.args))
	for i, a := range f.args {
		argTypes[i] = unknownSizes(l, a)
	}
	saved, savedAt, savedTop, savedConsts := l.b, l.at, l.top, l.consts
	l.b = ir.NewBuilder(l.ns)
	l.top, l.consts = l.b, map[*check.ValBind]value{}
	l.b.Pos = l.pos(d.Pos)
	var params []ir.Param
	for i, p := range d.Params {
		ps, pv := l.typedParams(f.args[i], argTypes[i])
		params = append(params, ps...)
		l.bindSizes(p.Type(), pv, 0, e)
		l.bindPat(p, pv, e)
	}
	body := l.expr(d.Body, e)
	res := leaves(body)
	if len(res) != len(ret) {
		l.fail("%s: result does not have its declared type (internal error)", d.Bind.Name)
	}
	l.funcs = append(l.funcs, &ir.Func{Name: inst.name, Params: params, Ret: ret, Body: l.b.Body(res...), Pos: l.pos(d.Pos), Internal: true})
	l.b, l.at, l.top, l.consts = saved, savedAt, savedTop, savedConsts
	return inst
}

// unknownSizes lists the types of the leaves of v with every size unknown.
func unknownSizes(l *lowerer, v value) []ir.Type {
	var ts []ir.Type
	for _, s := range leaves(v) {
		t, _ := l.typeOf(s)
		ts = append(ts, ir.Type{Elem: t.Elem, Shape: make(ir.Shape, t.Rank())})
	}
	return ts
}
