// Package interp is the reference interpreter of the core IR: the
// semantics every other backend must agree with. It compiles a program
// into closures over a frame of slots (one per name) so that evaluation
// does no map look-ups and no allocation per scalar operation.
package interp

import (
	"errors"
	"fmt"
	"sync"

	"github.com/fluxion-lang/fluxion/internal/ir"
	"github.com/fluxion-lang/fluxion/internal/prim"
	"github.com/fluxion-lang/fluxion/internal/values"
)

// Program is a compiled program. Run may be called concurrently; calls
// are serialised.
type Program struct {
	mu    sync.Mutex
	funcs map[string]*function
	depth int // nesting of Apply calls, to stop runaway recursion
	// scratch, if set, sees every array a Scratch statement allocates.
	scratch func(name ir.VName, elems int64)
}

// OnScratch makes every later run call f with the name bound and the
// number of elements allocated, each time a Scratch statement (an
// uninitialised buffer, such as reverse mode's loop checkpoints) runs.
// It is for measuring memory use in tests; nil turns it off. Set it
// before running, not during.
func (p *Program) OnScratch(f func(name ir.VName, elems int64)) { p.scratch = f }

// maxCallDepth bounds recursion so that a runaway program fails with an
// error instead of exhausting the Go stack.
const maxCallDepth = 20000

type function struct {
	f      *ir.Func
	nslots int
	params []int
	copyIn []bool           // parameters that may be updated in place
	sizes  map[ir.VName]int // implicit size parameters and their slots
	body   *body
}

// frame holds the value of every name of one running entry point. Names
// are unique, so every name has one slot even inside lambdas and loops.
type frame struct {
	v []value
}

type stmFn func(fr *frame) error

type body struct {
	stms []stmFn
	res  []operand
}

func (b *body) run(fr *frame) error {
	for _, s := range b.stms {
		if err := s(fr); err != nil {
			return err
		}
	}
	return nil
}

// operand is a compiled SubExp: a constant or a slot (slot < 0: absent).
type operand struct {
	slot    int
	isConst bool
	c       prim.Value
}

func (o operand) present() bool { return o.isConst || o.slot >= 0 }

func (fr *frame) scalar(o operand) prim.Value {
	if o.isConst {
		return o.c
	}
	return fr.v[o.slot].s
}

func (fr *frame) get(o operand) value {
	if o.isConst {
		return value{s: o.c}
	}
	return fr.v[o.slot]
}

type lambda struct {
	params []int
	body   *body
	ret    []ir.Type
}

type compiler struct {
	slots map[ir.VName]int
	prog  *Program
}

func (c *compiler) slot(v ir.VName) int {
	if s, ok := c.slots[v]; ok {
		return s
	}
	s := len(c.slots)
	c.slots[v] = s
	return s
}

func (c *compiler) operand(s ir.SubExp) operand {
	switch {
	case s.IsConst:
		return operand{slot: -1, isConst: true, c: s.Const}
	case s.IsNone():
		return operand{slot: -1}
	}
	return operand{slot: c.slot(s.Var)}
}

func (c *compiler) operands(ss []ir.SubExp) []operand {
	out := make([]operand, len(ss))
	for i, s := range ss {
		out[i] = c.operand(s)
	}
	return out
}

func (c *compiler) names(ns []ir.VName) []int {
	out := make([]int, len(ns))
	for i, n := range ns {
		out[i] = c.slot(n)
	}
	return out
}

// Compile verifies p and compiles it for evaluation.
func Compile(p *ir.Program) (*Program, error) {
	if err := ir.Verify(p); err != nil {
		return nil, err
	}
	out := &Program{funcs: map[string]*function{}}
	for _, f := range p.Funcs {
		fn, err := compileFunc(f, out)
		if err != nil {
			return nil, err
		}
		out.funcs[f.Name] = fn
	}
	return out, nil
}

func compileFunc(f *ir.Func, prog *Program) (fn *function, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("interp: cannot compile %s: %v", f.Name, r)
		}
	}()
	c := &compiler{slots: map[ir.VName]int{}, prog: prog}
	fn = &function{f: f, sizes: map[ir.VName]int{}}
	for _, p := range f.Params {
		fn.params = append(fn.params, c.slot(p.Name))
	}
	for _, p := range f.Params {
		for _, d := range p.Type.Shape {
			if d.IsVar() {
				if _, isParam := c.slots[d.Var]; !isParam {
					fn.sizes[d.Var] = c.slot(d.Var)
				}
			}
		}
	}
	fn.body = c.body(f.Body)
	fn.nslots = len(c.slots)
	fn.copyIn = ir.ConsumedParams(f)
	return fn, nil
}

func (c *compiler) body(b *ir.Body) *body {
	out := &body{stms: make([]stmFn, 0, len(b.Stms))}
	for _, s := range b.Stms {
		out.stms = append(out.stms, c.stm(s))
	}
	out.res = c.operands(b.Result)
	return out
}

func (c *compiler) lambda(l *ir.Lambda) *lambda {
	if l == nil {
		return nil
	}
	return &lambda{params: c.names(paramNames(l.Params)), body: c.body(l.Body), ret: l.Ret}
}

func paramNames(ps []ir.Param) []ir.VName {
	out := make([]ir.VName, len(ps))
	for i, p := range ps {
		out[i] = p.Name
	}
	return out
}

// shapeCheck is a declared array shape to compare with a result at run time
// (this is how size coercions are checked).
type shapeCheck struct {
	slot int
	dims []operand
}

func (c *compiler) stm(s *ir.Stm) stmFn {
	outs := c.names(paramNames(s.Pat))
	exec := c.exp(s.Exp, outs, s.Pos)
	if _, ok := s.Exp.(*ir.Scratch); ok {
		alloc, prog, name, o := exec, c.prog, s.Pat[0].Name, outs[0]
		exec = func(fr *frame) error {
			if err := alloc(fr); err != nil {
				return err
			}
			if prog.scratch != nil {
				prog.scratch(name, int64(len(fr.v[o].a.Data)))
			}
			return nil
		}
	}
	var checks []shapeCheck
	for i, p := range s.Pat {
		if !p.Type.IsArray() {
			continue
		}
		known := false
		for _, d := range p.Type.Shape {
			known = known || !d.IsNone()
		}
		if known {
			checks = append(checks, shapeCheck{slot: outs[i], dims: c.operands(p.Type.Shape)})
		}
	}
	pos := s.Pos
	if len(checks) == 0 {
		return exec
	}
	return func(fr *frame) error {
		if err := exec(fr); err != nil {
			return err
		}
		for _, ch := range checks {
			if err := checkShape(fr, fr.v[ch.slot].a, ch.dims, pos); err != nil {
				return err
			}
		}
		return nil
	}
}

func checkShape(fr *frame, a *Array, dims []operand, pos ir.Pos) error {
	ok := len(a.Shape) == len(dims)
	for i := 0; ok && i < len(dims); i++ {
		if dims[i].present() && fr.scalar(dims[i]).Int() != a.Shape[i] {
			ok = false
		}
	}
	if ok {
		return nil
	}
	want := ""
	for _, d := range dims {
		if d.present() {
			want += fmt.Sprintf("[%d]", fr.scalar(d).Int())
		} else {
			want += "[]"
		}
	}
	return rtErr(pos, "Value of shape %s does not match shape %s.", shapeString(a.Shape), want)
}

// RunValues calls the entry point name with arguments and results in the
// shared representation (see FromValues and ToValues).
func (p *Program) RunValues(name string, args []values.Value) ([]values.Value, error) {
	in, err := FromValues(args)
	if err != nil {
		return nil, err
	}
	res, err := p.Run(name, in)
	if err != nil {
		return nil, err
	}
	return ToValues(res), nil
}

// Run calls the entry point name with args. The caller's arrays are never
// modified (those the program may update in place are copied first).
func (p *Program) Run(name string, args []Value) (res []Value, err error) {
	fn, ok := p.funcs[name]
	if !ok || fn.f.Internal {
		return nil, fmt.Errorf("no entry point %q", name)
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	defer func() {
		if r := recover(); r != nil {
			res, err = nil, fmt.Errorf("internal error in the interpreter: %v", r)
		}
	}()
	in := make([]value, len(args))
	for i, a := range args {
		f := fn.f
		if i < len(f.Params) && !typeFits(a, f.Params[i].Type) {
			return nil, fmt.Errorf("argument %d of %s: got %s, want a value of type %s", i+1, f.Name, describe(a), f.SourceType(f.Params[i].Type))
		}
		in[i] = value{s: a.Scalar, a: a.Arr}
	}
	out, err := fn.call(in)
	if err != nil {
		return nil, err
	}
	res = make([]Value, len(out))
	for i, v := range out {
		if v.a != nil {
			res[i] = ArrayValue(v.a)
		} else {
			res[i] = ScalarValue(v.s)
		}
	}
	return res, nil
}

func typeFits(a Value, t ir.Type) bool {
	if t.IsScalar() {
		return a.Arr == nil && a.Scalar.Type() == t.Elem
	}
	return a.Arr != nil && a.Arr.Elem == t.Elem && len(a.Arr.Shape) == t.Rank()
}

// call runs fn on args in a frame of its own.
func (fn *function) call(args []value) ([]value, error) {
	fr := &frame{v: make([]value, fn.nslots)}
	if err := fn.bindArgs(fr, args); err != nil {
		return nil, err
	}
	if err := fn.body.run(fr); err != nil {
		return nil, err
	}
	out := make([]value, len(fn.body.res))
	for i, o := range fn.body.res {
		out[i] = fr.get(o)
	}
	return out, nil
}

func (fn *function) bindArgs(fr *frame, args []value) error {
	f := fn.f
	if len(args) != len(f.Params) {
		return fmt.Errorf("%s takes %d arguments, got %d", f.Name, len(f.Params), len(args))
	}
	bound := map[int]bool{}
	for i, p := range f.Params {
		a := args[i]
		if p.Type.IsScalar() {
			fr.v[fn.params[i]] = value{s: a.s}
		} else {
			arr := a.a
			if fn.copyIn[i] {
				arr = arr.clone()
			}
			fr.v[fn.params[i]] = value{a: arr}
		}
		bound[fn.params[i]] = true
	}
	// Sizes: bind implicit ones from the first array that names them and
	// check every other occurrence.
	for i, p := range f.Params {
		for d, dim := range p.Type.Shape {
			if dim.IsNone() {
				continue
			}
			got := args[i].a.Shape[d]
			var want int64
			switch {
			case dim.IsConst:
				want = dim.Const.Int()
			default:
				s, ok := fn.sizes[dim.Var]
				if !ok {
					s = fn.params[indexOfParam(f.Params, dim.Var)]
				}
				if !bound[s] {
					fr.v[s] = value{s: prim.IntValue(prim.I64, got)}
					bound[s] = true
					continue
				}
				want = fr.v[s].s.Int()
			}
			if got != want {
				msg := fmt.Sprintf("argument %d of %s: got an array of shape %s%s, want a value of type %s", i+1, f.Name, shapeString(args[i].a.Shape), p.Type.Elem, f.SourceType(p.Type))
				if !dim.IsConst {
					msg += fmt.Sprintf(" (%s = %d)", f.DimName(dim, d), want)
				}
				return errors.New(msg)
			}
		}
	}
	return nil
}

func indexOfParam(ps []ir.Param, v ir.VName) int {
	for i, p := range ps {
		if p.Name == v {
			return i
		}
	}
	return -1
}

func describe(v Value) string {
	if v.Arr != nil {
		return fmt.Sprintf("an array of shape %s%v", shapeString(v.Arr.Shape), v.Arr.Elem)
	}
	return fmt.Sprintf("a scalar of type %v", v.Scalar.Type())
}
