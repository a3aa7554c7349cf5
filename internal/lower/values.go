package lower

import (
	"github.com/fluxion-lang/fluxion/internal/check"
	"github.com/fluxion-lang/fluxion/internal/ir"
)

// A value is what a source expression lowers to: a leaf (one IR scalar or
// array), a record of values (tuples too; an array of records is a record
// of arrays), or a function known at compile time. Functions never reach
// the IR: applying one inlines its body.
type value interface{}

type leaf struct{ se ir.SubExp }

// sum is a value of a sum type: an i64 tag (the constructor's index in
// the type's sorted list) and a payload for every constructor; only the
// tagged one is meaningful, the others hold blanks.
type sum struct {
	tag      ir.SubExp
	payloads [][]value
}

type record struct {
	names  []string
	fields []value
}

func (r *record) field(name string) (value, bool) {
	for i, n := range r.names {
		if n == name {
			return r.fields[i], true
		}
	}
	return nil, false
}

// closure is a source function (top-level, local or anonymous) with the
// arguments applied so far.
type closure struct {
	params    []check.Pat
	body      check.Expr
	env       *env
	sizeBinds []*check.Binding
	sizes     []value // values of sizeBinds known at the reference, or nil
	args      []value
	name      string
}

// accum is an accumulator (LANGUAGE-V2 §3): the array it writes, and how
// writes combine: by op for hist_stream, by replacing the element for
// scatter_stream (op nil). Its IR values are the array's.
type accum struct {
	arr value
	op  value
}

// holeFun is the value of a typed hole of function type: applying it
// gives a placeholder of its result type (the hole itself already failed).
type holeFun struct{ t check.Type }

// intrinsic is a built-in function with the arguments applied so far.
type intrinsic struct {
	b    *check.Binding
	args []value
}

// env maps binding IDs to values and type parameter IDs to types.
type env struct {
	vals   map[int]value
	types  map[int]check.Type
	parent *env
}

func (e *env) child() *env { return &env{vals: map[int]value{}, parent: e} }

func (e *env) lookup(id int) (value, bool) {
	for ; e != nil; e = e.parent {
		if v, ok := e.vals[id]; ok {
			return v, true
		}
	}
	return nil, false
}

// typeSubst collects the type parameter bindings visible in e.
func (e *env) typeSubst() map[int]check.Type {
	out := map[int]check.Type{}
	var chain []*env
	for x := e; x != nil; x = x.parent {
		chain = append(chain, x)
	}
	for i := len(chain) - 1; i >= 0; i-- {
		for k, t := range chain[i].types {
			out[k] = t
		}
	}
	return out
}

// leaves lists the IR values of v in order.
func leaves(v value) []ir.SubExp {
	var out []ir.SubExp
	var walk func(value)
	walk = func(v value) {
		switch v := v.(type) {
		case *leaf:
			out = append(out, v.se)
		case *record:
			for _, f := range v.fields {
				walk(f)
			}
		case *accum:
			walk(v.arr)
		case *sum:
			out = append(out, v.tag)
			for _, p := range v.payloads {
				for _, x := range p {
					walk(x)
				}
			}
		}
	}
	walk(v)
	return out
}

// hasFunction reports whether v contains a function.
func hasFunction(v value) bool {
	switch v := v.(type) {
	case *closure, *intrinsic, *recFun, *holeFun:
		return true
	case *record:
		for _, f := range v.fields {
			if hasFunction(f) {
				return true
			}
		}
	}
	return false
}

// rebuild returns a value shaped like tmpl whose leaves are ls.
func rebuild(tmpl value, ls []ir.SubExp) value {
	i := 0
	var walk func(value) value
	walk = func(v value) value {
		switch v := v.(type) {
		case *leaf:
			i++
			return &leaf{ls[i-1]}
		case *record:
			r := &record{names: v.names, fields: make([]value, len(v.fields))}
			for k, f := range v.fields {
				r.fields[k] = walk(f)
			}
			return r
		case *accum:
			return &accum{arr: walk(v.arr), op: v.op}
		case *sum:
			i++
			out := &sum{tag: ls[i-1], payloads: make([][]value, len(v.payloads))}
			for k, p := range v.payloads {
				for _, x := range p {
					out.payloads[k] = append(out.payloads[k], walk(x))
				}
			}
			return out
		}
		return v
	}
	return walk(tmpl)
}

// mapLeaves returns v with f applied to every leaf.
func mapLeaves(v value, f func(ir.SubExp) ir.SubExp) value {
	ls := leaves(v)
	out := make([]ir.SubExp, len(ls))
	for i, l := range ls {
		out[i] = f(l)
	}
	return rebuild(v, out)
}

func tuple(vs ...value) value {
	if len(vs) == 1 {
		return vs[0]
	}
	r := &record{}
	for i, v := range vs {
		r.names = append(r.names, itoa(i))
		r.fields = append(r.fields, v)
	}
	return r
}

func itoa(i int) string {
	if i < 10 {
		return string(rune('0' + i))
	}
	return itoa(i/10) + itoa(i%10)
}
