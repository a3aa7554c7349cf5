package trace

import (
	"fmt"
	"math"
	"slices"
	"testing"
)

// The two correctness assertions of the seed's section 3.1, checked on a
// recorded trace:
//
//	(8) evaluating the trace as a program on the input gives the output:
//	    Replay at the recorded input gives the recorded values, bit for bit;
//	(9) tracing the trace gives the trace itself: running the trace as a Go
//	    function of this package's operations records the same trace.

// asFunc turns a trace back into a traced Go function that performs its
// operations in order (the trace as a program).
func asFunc(tr *Trace) func(t *Tracer, x Array) (Scalar, Array) {
	old := tr.rec
	return func(t *Tracer, x Array) (Scalar, Array) {
		sv := make([]Scalar, len(old.nodes))
		av := make([]Array, len(old.nodes))
		scal := func(s Scalar) Scalar {
			if s.t == nil {
				return s
			}
			return sv[s.id]
		}
		arr := func(a Array) Array {
			if a.t == nil {
				return a
			}
			return av[a.id]
		}
		opnd := func(id int32, k float64) Scalar {
			if id == 0 {
				return Const(k)
			}
			return sv[id]
		}
		for id := int32(1); id < int32(len(old.nodes)); id++ {
			n := old.nodes[id]
			switch {
			case n.op == OpInput:
				av[id] = x
				continue
			case n.op.IsUnary():
				sv[id] = t.unary(n.op, "replay", opnd(n.a, n.k))
				continue
			case n.op.IsBinary():
				sv[id] = t.binary(n.op, "replay", opnd(n.a, n.k), opnd(n.b, n.k))
				continue
			case n.op == OpIndex:
				sv[id] = t.At(av[n.a], int(n.k))
				continue
			}
			e := old.exts[n.x]
			arrs := make([]Array, len(e.arrs))
			for i, a := range e.arrs {
				arrs[i] = arr(a)
			}
			switch n.op {
			case OpSlice:
				av[id] = t.Slice(arrs[0], e.lo, e.hi)
			case OpReshape:
				av[id] = t.Reshape(arrs[0], e.rows, e.cols)
			case OpConcat:
				av[id] = t.Concat(arrs...)
			case OpPack:
				xs := make([]Scalar, len(e.scals))
				for i, s := range e.scals {
					xs[i] = scal(s)
				}
				av[id] = t.Pack(xs...)
			case OpSum:
				sv[id] = t.Sum(arrs[0])
			case OpDot:
				sv[id] = t.Dot(arrs[0], arrs[1])
			case OpMatVec:
				av[id] = t.MatVec(arrs[0], arrs[1])
			case OpMap:
				av[id] = t.mapCore("MapN", arrs, e.widths, e.n, e.fn.nout, progFunc(e.fn, scal))
			case OpReduce:
				sv[id] = t.Reduce(arrs[0], e.ne, progFunc2(e.fn, scal))
			case OpFold:
				sv[id] = t.Fold(arrs[0], scal(e.scals[0]), progFunc2(e.fn, scal))
			case OpScan:
				av[id] = t.Scan(arrs[0], e.ne, progFunc2(e.fn, scal))
			}
		}
		if tr.outID == 0 {
			if tr.scalar {
				return Const(tr.out[0]), Array{}
			}
			return Scalar{}, ConstArray(tr.out)
		}
		return sv[tr.outID], av[tr.outID]
	}
}

// progFunc returns a function that performs the programs of fn's calls in
// turn (one program for all calls when it was vectorised), reading a
// parameter's value where the original call read one.
func progFunc(fn *fnTrace, scal func(Scalar) Scalar) func(t *Tracer, x []Scalar) []Scalar {
	call := 0
	return func(t *Tracer, x []Scalar) []Scalar {
		p := fn.prog(call)
		call++
		if p.read {
			_ = x[0].Value()
		}
		regs := make([]Scalar, p.nstore()+len(p.frees))
		copy(regs, x)
		for j, f := range p.frees {
			regs[p.nstore()+j] = scal(fn.frees[f])
		}
		get := func(r int32, k float64) Scalar {
			if r == imm {
				return Const(k)
			}
			return regs[r]
		}
		for j, o := range p.ops {
			var v Scalar
			switch {
			case o.op == OpConst:
				v = Const(o.k)
			case o.op.IsUnary():
				v = t.unary(o.op, "replay", get(o.a, o.k))
			default:
				v = t.binary(o.op, "replay", get(o.a, o.k), get(o.b, o.k))
			}
			regs[p.nparam+j] = v
		}
		out := make([]Scalar, len(p.outs))
		for i, r := range p.outs {
			out[i] = regs[r]
		}
		return out
	}
}

func progFunc2(fn *fnTrace, scal func(Scalar) Scalar) func(t *Tracer, x, y Scalar) Scalar {
	f := progFunc(fn, scal)
	return func(t *Tracer, x, y Scalar) Scalar { return f(t, []Scalar{x, y})[0] }
}

// checkAssertions checks (8) and (9) for the trace of f at x.
func checkAssertions(t *testing.T, tr *Trace, x []float64) {
	t.Helper()
	// (9): trace the trace.
	again, err := tr.rec.cfg.record("retrace", func(t *Tracer, x Array) (Scalar, Array, bool) {
		s, a := asFunc(tr)(t, x)
		return s, a, tr.scalar
	}, x)
	if err != nil {
		t.Fatalf("tracing the trace: %v", err)
	}
	if diff := diffTraces(tr, again); diff != "" {
		t.Errorf("tracing the trace gives another trace: %s\nfirst:\n%s\nagain:\n%s", diff, tr, again)
	}
	// (8): evaluate the trace as a program.
	if b, _ := tr.Branches(); b {
		return
	}
	re := tr.replay(x)
	if !sameBits(re.Outputs(), tr.Outputs()) {
		t.Errorf("replay gives %v, recorded %v", re.Outputs(), tr.Outputs())
	}
	if diff := diffTraces(tr, re); diff != "" {
		t.Errorf("replay changed the trace: %s", diff)
	}
}

// diffTraces describes the first difference between two traces: their
// operations, operands, reference counts and intermediate values.
func diffTraces(a, b *Trace) string {
	ra, rb := a.rec, b.rec
	if len(ra.nodes) != len(rb.nodes) {
		return fmt.Sprintf("%d operations, then %d", len(ra.nodes)-1, len(rb.nodes)-1)
	}
	if a.outID != b.outID || !sameBits(a.out, b.out) {
		return fmt.Sprintf("output v%d %v, then v%d %v", a.outID, a.out, b.outID, b.out)
	}
	for id := 1; id < len(ra.nodes); id++ {
		na, nb := ra.nodes[id], rb.nodes[id]
		if na.op != nb.op || na.a != nb.a || na.b != nb.b || na.sa != nb.sa || na.sb != nb.sb ||
			math.Float64bits(na.k) != math.Float64bits(nb.k) || math.Float64bits(na.val) != math.Float64bits(nb.val) ||
			na.uses != nb.uses || (na.x == 0) != (nb.x == 0) {
			return fmt.Sprintf("v%d: %+v, then %+v", id, na, nb)
		}
		if na.x == 0 {
			continue
		}
		ea, eb := ra.exts[na.x], rb.exts[nb.x]
		if ea.rows != eb.rows || ea.cols != eb.cols || ea.lo != eb.lo || ea.hi != eb.hi || ea.n != eb.n ||
			math.Float64bits(ea.ne) != math.Float64bits(eb.ne) || !slices.Equal(ea.uses, eb.uses) ||
			!slices.Equal(ea.widths, eb.widths) || !sameBits(ea.data, eb.data) {
			return fmt.Sprintf("v%d (%s): operands, shapes or values differ", id, na.op)
		}
		if (ea.fn == nil) != (eb.fn == nil) {
			return fmt.Sprintf("v%d: function differs", id)
		}
		if ea.fn == nil {
			continue
		}
		fa, fb := ea.fn, eb.fn
		if len(fa.frees) != len(fb.frees) || (fa.vec == nil) != (fb.vec == nil) || len(fa.calls) != len(fb.calls) {
			return fmt.Sprintf("v%d: function traced differently", id)
		}
		for i := range fa.frees {
			if fa.frees[i].id != fb.frees[i].id {
				return fmt.Sprintf("v%d: free variable %d differs", id, i)
			}
		}
		for c := range max(len(fa.calls), 1) {
			pa, pb := fa.prog(c), fb.prog(c)
			if pa.nparam != pb.nparam || pa.read != pb.read || !slices.Equal(pa.ops, pb.ops) || !slices.Equal(pa.outs, pb.outs) || !slices.Equal(pa.frees, pb.frees) {
				return fmt.Sprintf("v%d: program of call %d differs", id, c)
			}
		}
		if ea.fv != nil && eb.fv != nil {
			if !sameBits(ea.fv.cols, eb.fv.cols) || !sameBits(ea.fv.regs, eb.fv.regs) || !sameBits(ea.fv.free, eb.fv.free) {
				return fmt.Sprintf("v%d: stored intermediate values differ", id)
			}
		}
	}
	return ""
}

// TestAssertions checks (8) and (9) on the functions of the other tests.
func TestAssertions(t *testing.T) {
	x := []float64{0.5, -1.2, 2.0, 0.3, 1.1, -0.7}
	fs := map[string]func(t *Tracer, x Array) Scalar{
		"paper example": func(t *Tracer, x Array) Scalar {
			x1, x2 := t.At(x, 0), t.At(x, 1)
			return t.Add(x1, t.Mul(x1, x2))
		},
		"map closure": func(t *Tracer, x Array) Scalar {
			w := t.Exp(t.At(x, 0))
			return t.Sum(t.Map(x, func(t *Tracer, v Scalar) Scalar { return t.Mul(t.Sin(v), w) }))
		},
		"map per element": func(t *Tracer, x Array) Scalar {
			w := t.At(x, 1)
			return t.Sum(t.Map(x, func(t *Tracer, v Scalar) Scalar {
				if v.Value() > 0 {
					return t.Mul(v, w)
				}
				return t.Exp(v)
			}))
		},
		"folds": func(t *Tracer, x Array) Scalar {
			m := t.Reduce(x, math.Inf(-1), (*Tracer).Max)
			s := t.Scan(x, 0, (*Tracer).Add)
			return t.Fold(s, m, func(t *Tracer, a, b Scalar) Scalar { return t.Add(t.MulF(a, 0.5), t.Sin(b)) })
		},
		"arrays": func(t *Tracer, x Array) Scalar {
			m := t.Reshape(x, 2, 3)
			y := t.MatVec(m, t.Slice(x, 3, 6))
			c := t.Concat(y, t.Pack(t.At(x, 0), Const(2)))
			return t.Dot(c, t.MapN([]Array{c}, 1, func(t *Tracer, r []Scalar) []Scalar { return []Scalar{t.Tanh(r[0])} }))
		},
	}
	for name, f := range fs {
		t.Run(name, func(t *testing.T) {
			tr, err := RecordScalar(f, x)
			if err != nil {
				t.Fatal(err)
			}
			checkAssertions(t, tr, x)
		})
	}
}

// TestReplay checks that a replayed trace equals a fresh recording at the
// new input, and that its gradients are those of the fresh recording.
func TestReplay(t *testing.T) {
	f := func(t *Tracer, x Array) Scalar {
		w := t.At(x, 0)
		y := t.Map(x, func(t *Tracer, v Scalar) Scalar { return t.Mul(t.Exp(t.Mul(v, w)), t.Cos(v)) })
		return t.Add(t.Reduce(y, math.Inf(-1), (*Tracer).Max), t.Sum(t.Scan(y, 0, (*Tracer).Add)))
	}
	x := []float64{0.1, 0.2, -0.3, 0.4}
	x2 := []float64{0.3, -0.2, 0.5, 0.1}
	tr, err := RecordScalar(f, x)
	if err != nil {
		t.Fatal(err)
	}
	re, err := tr.Replay(x2)
	if err != nil {
		t.Fatal(err)
	}
	fresh, err := RecordScalar(f, x2)
	if err != nil {
		t.Fatal(err)
	}
	if d := diffTraces(re, fresh); d != "" {
		t.Errorf("replay differs from a fresh recording: %s", d)
	}
	g1, _ := re.VJP([]float64{1})
	g2, _ := fresh.VJP([]float64{1})
	if !sameBits(g1, g2) {
		t.Errorf("replayed gradient %v, fresh %v", g1, g2)
	}
	// The original trace is unchanged.
	g0, _ := tr.VJP([]float64{1})
	_, want, _ := Grad(f, x)
	if !sameBits(g0, want) {
		t.Errorf("gradient of the original trace changed after Replay: %v, want %v", g0, want)
	}
}
