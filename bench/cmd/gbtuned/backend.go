package main

import (
	"fmt"
	"path/filepath"
	"strings"

	"github.com/fluxion-lang/fluxion/internal/gradbench"
	"github.com/fluxion-lang/fluxion/internal/prim"
	"github.com/fluxion-lang/fluxion/internal/values"
)

// backend "compiles" a module's program by choosing its kernels by the
// program's name; the program itself is not read.
type backend struct{}

func (backend) Name() string { return "tuned-go" }

func (backend) Compile(path string) (gradbench.Program, error) {
	name := strings.TrimSuffix(filepath.Base(path), ".fut")
	entries, ok := kernels[name]
	if !ok {
		return nil, fmt.Errorf("no tuned kernels for module %s", name)
	}
	return program{name, entries}, nil
}

// prepareFunc checks an entry point's arguments and binds them to a
// kernel, allocating its outputs and work memory.
type prepareFunc func(a *args) (*call, error)

type program struct {
	module  string
	entries map[string]prepareFunc
}

func (p program) Prepare(entry string, vs []values.Value) (gradbench.Call, error) {
	prep, ok := p.entries[entry]
	if !ok {
		return nil, fmt.Errorf("module %s has no entry point %s", p.module, entry)
	}
	a := &args{vs: vs}
	c, err := prep(a)
	if err == nil {
		err = a.done()
	}
	if err != nil {
		return nil, err
	}
	return c, nil
}

func (p program) Run(entry string, vs []values.Value) ([]values.Value, error) {
	c, err := p.Prepare(entry, vs)
	if err != nil {
		return nil, err
	}
	if err := c.Run(); err != nil {
		return nil, err
	}
	return c.Results()
}

// call is one kernel bound to its arguments: run computes into buffers
// that later runs reuse, results copies them out as values.
type call struct {
	run     func()
	results func() []values.Value
	ran     bool
}

func (c *call) Run() error {
	c.run()
	c.ran = true
	return nil
}

func (c *call) Results() ([]values.Value, error) {
	if !c.ran {
		return nil, fmt.Errorf("the entry point has not run")
	}
	return c.results(), nil
}

// args reads an entry point's arguments in order; the first mismatch
// becomes the error that every later read keeps.
type args struct {
	vs  []values.Value
	i   int
	err error
}

func (a *args) failf(format string, x ...any) {
	if a.err == nil {
		a.err = fmt.Errorf(format, x...)
	}
}

// next returns the next argument if it has element type t and rank rank.
func (a *args) next(what string, t prim.Type, rank int) (values.Value, bool) {
	if a.err != nil {
		return values.Value{}, false
	}
	if a.i >= len(a.vs) {
		a.failf("missing argument %d (%s)", a.i+1, what)
		return values.Value{}, false
	}
	v := a.vs[a.i]
	a.i++
	if v.Elem() != t || v.Rank() != rank {
		a.failf("argument %d (%s): expected %s, got %s", a.i, what, strings.Repeat("[]", rank)+t.String(), v.TypeString())
		return values.Value{}, false
	}
	return v, true
}

// done reports the first error, or extra arguments.
func (a *args) done() error {
	if a.err == nil && a.i != len(a.vs) {
		a.failf("%d arguments, expected %d", len(a.vs), a.i)
	}
	return a.err
}

func dims(v values.Value) []int {
	d := make([]int, v.Rank())
	for i, s := range v.Shape() {
		d[i] = int(s)
	}
	return d
}

// f64s returns an f64 array argument's data and shape.
func (a *args) f64s(what string, rank int) ([]float64, []int) {
	v, ok := a.next(what, prim.F64, rank)
	if !ok {
		return nil, make([]int, rank)
	}
	return v.F64(), dims(v)
}

// i32s returns an i32 array argument's data and shape.
func (a *args) i32s(what string, rank int) ([]int32, []int) {
	v, ok := a.next(what, prim.I32, rank)
	if !ok {
		return nil, make([]int, rank)
	}
	return v.I32(), dims(v)
}

func (a *args) i64(what string) int64 {
	v, ok := a.next(what, prim.I64, 0)
	if !ok {
		return 0
	}
	return v.Scalar().Int()
}

func (a *args) f64(what string) float64 {
	v, ok := a.next(what, prim.F64, 0)
	if !ok {
		return 0
	}
	return v.Scalar().Float()
}

func (a *args) boolean(what string) bool {
	v, ok := a.next(what, prim.Bool, 0)
	if !ok {
		return false
	}
	return v.Scalar().Bool()
}

// shape checks that an argument has the shape want.
func (a *args) shape(what string, got []int, want ...int) {
	if a.err != nil {
		return
	}
	for i := range want {
		if got[i] != want[i] {
			a.failf("%s has shape %v, expected %v", what, got, want)
			return
		}
	}
}

// positive checks that the sizes are at least 1.
func (a *args) positive(what string, sizes ...int) {
	for _, s := range sizes {
		if s < 1 && a.err == nil {
			a.failf("%s must be non-empty, got size %d", what, s)
		}
	}
}

// indices checks that every element of xs is in [0, n).
func (a *args) indices(what string, xs []int32, n int) {
	if a.err != nil {
		return
	}
	for i, x := range xs {
		if x < 0 || int(x) >= n {
			a.failf("%s[%d] = %d is out of range [0, %d)", what, i, x, n)
			return
		}
	}
}

func f64Value(x float64) values.Value { return values.Scalar(prim.FloatValue(prim.F64, x)) }

// f64Array copies data into a value of the given shape.
func f64Array(data []float64, shape ...int) values.Value {
	return array(prim.F64, append([]float64(nil), data...), shape)
}

func i32Array(data []int32, shape ...int) values.Value {
	return array(prim.I32, append([]int32(nil), data...), shape)
}

func array(t prim.Type, data any, shape []int) values.Value {
	s := make([]int64, len(shape))
	for i, n := range shape {
		s[i] = int64(n)
	}
	v, err := values.FromData(t, s, data)
	if err != nil {
		panic(err) // shapes are computed from the same sizes as the data
	}
	return v
}
