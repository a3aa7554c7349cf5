package trace

import (
	"math"
	"slices"
)

// The functions of Map, Reduce, Fold and Scan are traced into programs:
// straight-line scalar code over registers laid out as
//
//	[ parameters | operation results | free variables ]
//
// Parameters are the function's arguments (one row of every mapped array,
// or the accumulator and the element), operation results are in the order
// the function computed them, and free variables are values of the outer
// trace that the function read (closures, section 4.3.1 of the seed).

// imm marks an operand that is the operation's constant k.
const imm = -1

// pop is one operation of a program.
type pop struct {
	op   Op
	a, b int32   // operand registers, or imm
	k    float64 // the constant operand; OpConst's value
}

// prog is the program of one call of a traced function.
type prog struct {
	nparam int
	ops    []pop
	frees  []int32 // the function's free variable held by each free register
	outs   []int32 // result registers
	read   bool    // the call read a value that depends on its arguments
}

// nstore is the number of registers whose values are stored per call.
func (p *prog) nstore() int { return p.nparam + len(p.ops) }

// freeBase is the first free register.
func (p *prog) freeBase() int32 { return int32(p.nparam + len(p.ops)) }

// run computes the operation registers of regs (whose parameters are set)
// from the free variables' values.
func (p *prog) run(regs, free []float64) {
	for j, o := range p.ops {
		r := p.nparam + j
		switch {
		case o.op == OpConst:
			regs[r] = o.k
		case o.op.IsUnary():
			regs[r] = eval1(o.op, p.operand(o.a, o.k, regs, free))
		default:
			regs[r] = eval2(o.op, p.operand(o.a, o.k, regs, free), p.operand(o.b, o.k, regs, free))
		}
	}
}

// operand returns the value of register r of p (k for imm), given the
// stored registers and the values of the function's free variables.
func (p *prog) operand(r int32, k float64, regs, free []float64) float64 {
	switch {
	case r == imm:
		return k
	case int(r) < p.nparam+len(p.ops):
		return regs[r]
	}
	return free[p.frees[int(r)-p.nparam-len(p.ops)]]
}

// back is the reverse sweep of one call: given the stored registers regs,
// the free values and adjoints adj (one per register, the results' set by
// the caller, the rest zero), it adds every operation's contributions to
// its operands' adjoints, in reverse order.
func (p *prog) back(regs, free, adj []float64) {
	for j := len(p.ops) - 1; j >= 0; j-- {
		o := p.ops[j]
		g := adj[p.nparam+j]
		switch {
		case o.op == OpConst:
		case o.op.IsUnary():
			d := deriv1(o.op, p.operand(o.a, o.k, regs, free), regs[p.nparam+j])
			adj[o.a] += float64(g * d)
		default:
			x := p.operand(o.a, o.k, regs, free)
			y := p.operand(o.b, o.k, regs, free)
			dx, dy := deriv2(o.op, x, y, regs[p.nparam+j])
			if o.a != imm {
				adj[o.a] += float64(g * dx)
			}
			if o.b != imm {
				adj[o.b] += float64(g * dy)
			}
		}
	}
}

// fnTrace is the trace of the function of one Map, Reduce, Fold or Scan.
type fnTrace struct {
	nparam int
	nout   int
	frees  []Scalar // the outer values the function reads
	vec    *prog    // the program of every call, when no call branched
	calls  []*prog  // otherwise one program per call, in call order
	// col: for a vectorised Map, the stored column of each operation, or
	// -1 for operations whose values the reverse pass never reads (they
	// live in a block buffer only); ncols is the number of columns.
	col   []int32
	ncols int
}

// layoutColumns decides which operations of a vectorised map keep their
// values for the reverse pass: results, operations whose derivative reads
// their result, and operands of operations whose derivative reads them.
func (fn *fnTrace) layoutColumns() {
	p := fn.vec
	P := int32(p.nparam)
	keep := make([]bool, len(p.ops))
	for _, r := range p.outs {
		if r >= P && int(r-P) < len(p.ops) {
			keep[r-P] = true
		}
	}
	for j, o := range p.ops {
		if needsResult(o.op) {
			keep[j] = true
		}
		if needsOperands(o.op) {
			for _, r := range []int32{o.a, o.b} {
				if r >= P && int(r-P) < len(p.ops) {
					keep[r-P] = true
				}
			}
		}
	}
	fn.col = make([]int32, len(p.ops))
	fn.ncols = 0
	for j, k := range keep {
		fn.col[j] = -1
		if k {
			fn.col[j] = int32(fn.ncols)
			fn.ncols++
		}
	}
}

// fnValues holds the intermediate values of a traced function.
type fnValues struct {
	free []float64 // values of the free variables
	// cols: for a vectorised Map, the result of operation j for element
	// i at cols[j*n+i].
	cols []float64
	// regs: stored registers of every call; call c at regs[off[c]:],
	// or at c*stride when all calls share one program.
	regs []float64
	off  []int
	// chunk: Reduce's chunk results, whose fold is the result; joinAcc,
	// for a Reduce by one operation, the accumulated value before each.
	chunk   []float64
	joinAcc []float64
}

func (fv *fnValues) callRegs(fn *fnTrace, c int) []float64 {
	if fn.vec != nil {
		s := fn.vec.nstore()
		return fv.regs[c*s : (c+1)*s]
	}
	return fv.regs[fv.off[c]:fv.off[c+1]]
}

// fnBuilder traces the function of one Map, Reduce, Fold or Scan call.
type fnBuilder struct {
	rec     *recording
	fn      *fnTrace
	freeIdx map[int32]int32 // outer node -> index in fn.frees
	atCache map[atKey]Scalar
	el      *elemBuilder
	progs   map[uint64][]*prog // the programs traced so far, by hash
}

type atKey struct {
	id int32
	i  int
}

func newFnBuilder(rec *recording, nparam, nout int) *fnBuilder {
	return &fnBuilder{rec: rec, fn: &fnTrace{nparam: nparam, nout: nout}, freeIdx: map[int32]int32{}}
}

// freeIndex returns the index of outer value x among the function's free
// variables, adding it.
func (b *fnBuilder) freeIndex(x Scalar) int32 {
	if i, ok := b.freeIdx[x.id]; ok {
		return i
	}
	i := int32(len(b.fn.frees))
	b.fn.frees = append(b.fn.frees, x)
	b.freeIdx[x.id] = i
	return i
}

// elemBuilder records the calls of a traced function, one at a time; its
// buffers are reused from call to call.
type elemBuilder struct {
	fb   *fnBuilder
	t    *Tracer   // the current call's Tracer
	kind []regKind // per provisional register
	pos  []int32   // index among parameters, operations or free registers
	vals []float64 // value per provisional register
	ops  []pop     // operands are provisional registers
	// frees: the function's free variable held by each free register.
	frees    []int32
	freeIDs  []int32         // the outer node of each free register
	freeRegs []int32         // its provisional register
	freeOf   map[int32]int32 // outer node -> provisional register, when many

	nparam   int
	hoist    bool // compute operations on outer values in the outer trace
	branched bool

	params []Scalar
	fops   []pop   // finish: operations with final registers
	fouts  []int32 // finish: results with final registers
}

type regKind uint8

const (
	regParam regKind = iota
	regOp
	regFree
)

// newCall starts a call with the given argument values; it returns the
// call's parameters.
func (b *fnBuilder) newCall(args []float64, hoist bool) []Scalar {
	e := b.el
	if e == nil {
		e = &elemBuilder{fb: b, freeOf: map[int32]int32{}}
		b.el = e
	}
	e.t = &Tracer{rec: b.rec, el: e}
	e.kind, e.pos, e.vals, e.ops, e.frees = e.kind[:0], e.pos[:0], e.vals[:0], e.ops[:0], e.frees[:0]
	e.freeIDs, e.freeRegs = e.freeIDs[:0], e.freeRegs[:0]
	clear(e.freeOf)
	e.nparam, e.hoist, e.branched = len(args), hoist, false
	e.params = e.params[:0]
	for i, v := range args {
		e.kind = append(e.kind, regParam)
		e.pos = append(e.pos, int32(i))
		e.vals = append(e.vals, v)
		e.params = append(e.params, Scalar{v: v, id: int32(i), t: e.t})
	}
	return e.params
}

func (e *elemBuilder) op(o pop, v float64) Scalar {
	r := int32(len(e.kind))
	e.kind = append(e.kind, regOp)
	e.pos = append(e.pos, int32(len(e.ops)))
	e.vals = append(e.vals, v)
	e.ops = append(e.ops, o)
	return Scalar{v: v, id: r, t: e.t}
}

// free returns the register holding outer value x. Functions usually
// read few outer values, which a linear search finds fastest.
func (e *elemBuilder) free(x Scalar) int32 {
	if len(e.freeIDs) <= 16 {
		for i, id := range e.freeIDs {
			if id == x.id {
				return e.freeRegs[i]
			}
		}
	} else if r, ok := e.freeOf[x.id]; ok {
		return r
	}
	r := int32(len(e.kind))
	e.kind = append(e.kind, regFree)
	e.pos = append(e.pos, int32(len(e.frees)))
	e.vals = append(e.vals, x.v)
	e.frees = append(e.frees, e.fb.freeIndex(x))
	e.freeIDs = append(e.freeIDs, x.id)
	e.freeRegs = append(e.freeRegs, r)
	if len(e.freeIDs) > 16 {
		if len(e.freeIDs) == 17 {
			for i, id := range e.freeIDs {
				e.freeOf[id] = e.freeRegs[i]
			}
		}
		e.freeOf[x.id] = r
	}
	return r
}

// reg turns a classified operand into a register (imm for constants).
func (e *elemBuilder) reg(k operandKind, x Scalar) int32 {
	switch k {
	case kElem:
		return x.id
	case kOuter:
		return e.free(x)
	}
	return imm
}

func (e *elemBuilder) unary(o Op, name string, x Scalar) Scalar {
	v := eval1(o, x.v)
	k := e.t.classify(name, x)
	switch {
	case k == kBad || k == kConst:
		return Scalar{v: v}
	case k == kOuter && e.hoist:
		return e.fb.rec.root.unary(o, name, x)
	}
	return e.op(pop{op: o, a: e.reg(k, x), b: imm, k: 0}, v)
}

func (e *elemBuilder) binary(o Op, name string, x, y Scalar) Scalar {
	v := eval2(o, x.v, y.v)
	kx, ky := e.t.classify(name, x), e.t.classify(name, y)
	switch {
	case kx == kBad || ky == kBad || kx == kConst && ky == kConst:
		return Scalar{v: v}
	case kx != kElem && ky != kElem && e.hoist:
		return e.fb.rec.root.binary(o, name, x, y)
	}
	p := pop{op: o, a: e.reg(kx, x), b: e.reg(ky, y)}
	if kx == kConst {
		p.k = x.v
	} else if ky == kConst {
		p.k = y.v
	}
	return e.op(p, v)
}

// finish ends the call, whose results are outs: it returns the call's
// program (shared with an earlier call that traced the same program) and
// appends the call's stored registers (parameters, then operations) to
// regs.
func (e *elemBuilder) finish(outs []Scalar, name string, regs []float64) (*prog, []float64) {
	e.fouts = e.fouts[:0]
	for _, y := range outs {
		k := e.t.classify(name, y)
		switch k {
		case kElem, kOuter:
			e.fouts = append(e.fouts, e.reg(k, y))
		default:
			e.fouts = append(e.fouts, e.op(pop{op: OpConst, a: imm, b: imm, k: y.v}, y.v).id)
		}
	}
	e.t.done = true
	P, O := int32(e.nparam), int32(len(e.ops))
	final := func(r int32) int32 {
		if r == imm {
			return imm
		}
		switch e.kind[r] {
		case regParam:
			return e.pos[r]
		case regOp:
			return P + e.pos[r]
		}
		return P + O + e.pos[r]
	}
	e.fops = e.fops[:0]
	for _, o := range e.ops {
		o.a, o.b = final(o.a), final(o.b)
		e.fops = append(e.fops, o)
	}
	for i, r := range e.fouts {
		e.fouts[i] = final(r)
	}
	for r, v := range e.vals {
		if e.kind[r] != regFree {
			regs = append(regs, v)
		}
	}
	return e.fb.intern(e.nparam, e.fops, e.fouts, e.frees, e.branched), regs
}

// intern returns the program with the given parts, reusing an equal one
// traced before: calls that took the same path share one program.
func (b *fnBuilder) intern(nparam int, ops []pop, outs, frees []int32, read bool) *prog {
	h := uint64(nparam)*0x9e3779b97f4a7c15 ^ uint64(len(ops))
	mix := func(v uint64) { h = (h ^ v) * 0x100000001b3 }
	if read {
		mix(1)
	}
	for _, o := range ops {
		mix(uint64(o.op)<<40 ^ uint64(uint32(o.a))<<20 ^ uint64(uint32(o.b)))
		mix(math.Float64bits(o.k))
	}
	for _, r := range outs {
		mix(uint64(uint32(r)) | 1<<40)
	}
	for _, f := range frees {
		mix(uint64(uint32(f)) | 2<<40)
	}
	for _, p := range b.progs[h] {
		if p.nparam == nparam && p.read == read && slices.Equal(p.ops, ops) && slices.Equal(p.outs, outs) && slices.Equal(p.frees, frees) {
			return p
		}
	}
	ints := make([]int32, len(outs)+len(frees))
	copy(ints, outs)
	copy(ints[len(outs):], frees)
	p := &prog{nparam: nparam, ops: slices.Clone(ops), outs: ints[:len(outs):len(outs)], frees: ints[len(outs):], read: read}
	if b.progs == nil {
		b.progs = map[uint64][]*prog{}
	}
	b.progs[h] = append(b.progs[h], p)
	return p
}

// call runs the traced function f once on args and returns its program
// and its results, appending its stored registers to regs.
func (b *fnBuilder) call(f func(t *Tracer, x []Scalar) []Scalar, args []float64, hoist bool, name string, regs []float64) (p *prog, regsOut []float64, result float64) {
	ps := b.newCall(args, hoist)
	t := b.el.t
	outs := f(t, ps)
	if len(outs) != b.fn.nout {
		b.rec.fail("%s: the function returned %d values, want %d", name, len(outs), b.fn.nout)
		outs = make([]Scalar, b.fn.nout)
	}
	result = outs[0].v
	p, regs = b.el.finish(outs, name, regs)
	return p, regs, result
}

// at returns the outer Index node for a[i] read inside a function, one per
// element per Map call however many calls read it.
func (b *fnBuilder) at(a Array, i int) Scalar {
	if b.atCache == nil {
		b.atCache = map[atKey]Scalar{}
	}
	key := atKey{a.id, i}
	if s, ok := b.atCache[key]; ok {
		return s
	}
	s := b.rec.root.At(a, i)
	b.atCache[key] = s
	return s
}
