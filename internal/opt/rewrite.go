package opt

import (
	"github.com/fluxion-lang/fluxion/internal/ir"
	"github.com/fluxion-lang/fluxion/internal/prim"
)

// Options select the float identities the rewrites after AD may use.
type Options struct {
	// FastMath lets the ring rules assume that float values are finite
	// and that the sign of a zero does not matter, and distribute
	// multiplication over addition (which rounds differently): x*0 = 0,
	// x+0 = x, x-x = 0, 0-x = -x, a*b + a*c = a*(b+c). Without it only
	// identities exact for every IEEE value are used, as by Fold.
	FastMath bool
}

// Rewrites are the rule families of the rewrite system that makes
// forward-mode derivatives cheap (the dF~ system: fusion, conditional
// rules, loop normalisation, fission and code motion over the code
// forward mode makes). Each is a pass of its own, so that it can be
// dumped and tested alone; ADPasses interleaves them with the
// simplifier's table.
func Rewrites(o Options) []Pass {
	return []Pass{
		{"ring", "ring identities with 0 and 1 (for floats under fast math only) and distributivity", rulePass(o, false, (*rewriter).ring), ir.KBin},
		{"cond", "known conditions, equal branches, the condition inside its branches, consumers pushed into branches", rulePass(o, true, (*rewriter).cond), ir.KIf | ir.KCmp},
		{"pull", "pull-array fusion: an index into a freshly built array is the element's expression", rulePass(o, false, (*rewriter).pull), ir.KIndex | ir.KMap | ir.KRearrange | ir.KReduce | ir.KUpdate},
		{"loopnorm", "loop normalisation: loops and sums that change their state at one known index, constant-trip loops unrolled", rulePass(o, false, (*rewriter).loopnorm), ir.KLoop | ir.KReduce},
		{"fission", "fission of reductions: components only selected become indices, independent dead components go", rulePass(o, false, (*rewriter).fission), ir.KReduce | ir.KScan | ir.KMap},
	}
}

// ADPasses is the table simplify-ad runs after AD: the simplifier's
// passes with the rewrite families of Rewrites among them, so that each
// family sees what the others and the simplifier leave.
func ADPasses(o Options) []Pass {
	byName := map[string]Pass{}
	for _, p := range Passes {
		byName[p.Name] = p
	}
	out := []Pass{byName["copyprop"], byName["fold"]}
	out = append(out, Rewrites(o)...)
	for _, n := range []string{"cse", "reorg", "hoist", "fuse", "dce"} {
		out = append(out, byName[n])
	}
	return out
}

// SimplifyADWith runs ADPasses(o) to a fixed point, calling after (when
// not nil) with the result of every pass, like SimplifyWith.
func SimplifyADWith(p *ir.Program, o Options, after func(pass string, p *ir.Program) error) (*ir.Program, error) {
	q, _, err := simplify(p, ADPasses(o), nil, after)
	return q, err
}

// SimplifyADFrom is SimplifyADWith for a program known to be a fixed
// point of the passes in settled (see SimplifyFrom).
func SimplifyADFrom(p *ir.Program, o Options, settled Settled, after func(pass string, p *ir.Program) error) (*ir.Program, Settled, error) {
	return simplify(p, ADPasses(o), settled, after)
}

// rulePass makes a pass that walks every function in evaluation order
// and offers each statement to rule, with the context of a rewriter
// (propagate: substituting what enclosing conditions tell).
func rulePass(o Options, propagate bool, rule func(r *rewriter, s *ir.Stm) ([]*ir.Stm, []ir.SubExp, bool)) func(*ir.Program) (*ir.Program, error) {
	return func(p *ir.Program) (*ir.Program, error) {
		return eachFunc(p, func(f *ir.Func) error {
			r := newRewriter(f, o)
			r.propagate = propagate
			r.w.rule = func(s *ir.Stm) ([]*ir.Stm, []ir.SubExp, bool) {
				r.b.Pos = s.Pos
				pre, res, ok := rule(r, s)
				if !ok {
					r.record(s)
				}
				return pre, res, ok
			}
			r.w.run(f)
			return nil
		})
	}
}

// rewriter is what the rewrite rules know while walking a function: the
// walk itself (substitutions, types, the expression bound to each name),
// the IR facts of the function as it was, a builder for new statements,
// and facts about the code around the statement being rewritten.
type rewriter struct {
	w  *forward
	fa *ir.Facts
	b  *ir.Builder
	o  Options
	// bound gives, for every name a kept statement binds, that statement
	// and the name's position in its pattern.
	bound map[ir.VName]binding
	// uses counts the uses of each name the function binds, as it was
	// (names the rules make have no entry).
	uses map[ir.VName]int
	// sizes are the names used in some type (as array sizes).
	sizes ir.Names
	// depth is the nesting depth of the body that binds each name.
	depth map[ir.VName]int
	level int
	// loops says, per body being walked (the innermost last), whether it
	// is the body of a loop or of a map, reduce or scan function: what
	// hoisting moves invariant statements out of.
	loops []bool
	// Index ranges: nonneg names are never negative; below[v] lists
	// values v is known to be strictly less than. They come from iota
	// rows, for loop counters and the conditions of enclosing branches.
	nonneg ir.Names
	below  map[ir.VName][]ir.SubExp
	// propagate makes the walk substitute what the condition of an
	// enclosing branch tells (the cond family's rule).
	propagate bool
	// ifs lists, per condition name, the kept ifs on it.
	ifs map[ir.VName][]*ir.Stm
}

type binding struct {
	stm *ir.Stm
	k   int
}

func newRewriter(f *ir.Func, o Options) *rewriter {
	r := &rewriter{
		w:      newForward(f),
		fa:     ir.NewFacts(f),
		b:      ir.BuilderFor(f),
		o:      o,
		bound:  map[ir.VName]binding{},
		uses:   map[ir.VName]int{},
		sizes:  ir.Names{},
		depth:  map[ir.VName]int{},
		nonneg: ir.Names{},
		below:  map[ir.VName][]ir.SubExp{},
		ifs:    map[ir.VName][]*ir.Stm{},
	}
	(&ir.Visitor{
		Use: func(v ir.VName) { r.uses[v]++ },
		Bind: func(p ir.Param) {
			typeVars(r.sizes, p.Type)
			if _, ok := r.uses[p.Name]; !ok {
				r.uses[p.Name] = 0
			}
		},
	}).Body(f.Body)
	for _, p := range f.Params {
		r.depth[p.Name] = 0
		typeVars(r.sizes, p.Type)
		for _, d := range p.Type.Shape {
			if d.IsVar() {
				r.nonneg.Add(d.Var)
			}
		}
	}
	r.w.into = r.into
	return r
}

// record notes a statement the walk keeps as it is.
func (r *rewriter) record(s *ir.Stm) {
	for k, p := range s.Pat {
		r.bound[p.Name] = binding{s, k}
		r.depth[p.Name] = r.level
	}
	if e, ok := s.Exp.(*ir.If); ok && e.Cond.IsVar() {
		r.ifs[e.Cond.Var] = append(r.ifs[e.Cond.Var], s)
	}
	if e, ok := s.Exp.(*ir.Size); ok && len(s.Pat) == 1 && e.Dim >= 0 {
		r.nonneg.Add(s.Pat[0].Name)
	}
	if n, ok := r.reversed(s); ok {
		r.nonneg.Add(s.Pat[0].Name)
		r.below[s.Pat[0].Name] = append(r.below[s.Pat[0].Name], n)
	}
}

// reversed reports whether s binds (n - 1) - j for a j known to lie in
// [0, n) (ir.ReversedIndex), and gives n. The fact holds wherever the
// name is visible, as the facts about j do there.
func (r *rewriter) reversed(s *ir.Stm) (ir.SubExp, bool) {
	if e, ok := s.Exp.(*ir.Bin); !ok || e.Op != prim.Sub || len(s.Pat) != 1 {
		return ir.SubExp{}, false // most statements: no closures made
	}
	lastOf := func(a ir.VName) (ir.SubExp, bool) {
		at, _, ok := r.def(a)
		if !ok {
			return ir.SubExp{}, false
		}
		return ir.Pred(at.Exp)
	}
	in := func(p ir.VName, n ir.SubExp) bool { return r.inRange(ir.Var(p), n) }
	return ir.ReversedIndex(s.Exp, lastOf, in)
}

// def returns the expression bound to v and v's position among its
// results, if a kept statement binds v.
func (r *rewriter) def(v ir.VName) (*ir.Stm, int, bool) {
	b, ok := r.bound[v]
	if !ok {
		return nil, 0, false
	}
	return b.stm, b.k, true
}

// undo collects how to restore the context when the walk leaves a body.
type undo []func()

func (u *undo) set(m map[ir.VName]ir.SubExp, v ir.VName, x ir.SubExp) {
	old, had := m[v]
	m[v] = x
	*u = append(*u, func() {
		if had {
			m[v] = old
		} else {
			delete(m, v)
		}
	})
}

// into sets up the facts that hold inside body b of statement s.
func (r *rewriter) into(s *ir.Stm, b *ir.Body) func() {
	var u undo
	r.level++
	loop := false
	switch e := s.Exp.(type) {
	case *ir.Loop:
		loop = true
	case *ir.Map:
		loop = e.F.Body == b
	case *ir.Reduce:
		loop = e.Op.Body == b
	case *ir.Scan:
		loop = e.Op.Body == b
	}
	r.loops = append(r.loops, loop)
	u = append(u, func() { r.level--; r.loops = r.loops[:len(r.loops)-1] })
	bindLambda := func(l *ir.Lambda, arrs []ir.VName) {
		if l == nil || l.Body != b {
			return
		}
		for k, p := range l.Params {
			if k < len(arrs) {
				r.depth[p.Name] = r.level
			}
		}
		// Rows of an iota and loop counters lie in [0, n) in here.
		ir.IndexBounds(s, r.countingIota, func(v ir.VName, n ir.SubExp) { u.addRange(r, v, n) })
	}
	switch e := s.Exp.(type) {
	case *ir.Map:
		bindLambda(e.F, e.Arrs)
	case *ir.Screma:
		bindLambda(e.F, e.Arrs)
	case *ir.Loop:
		for _, p := range e.Params {
			r.depth[p.Name] = r.level
		}
		if f, ok := e.Form.(*ir.For); ok {
			r.depth[f.I] = r.level
			ir.IndexBounds(s, r.countingIota, func(v ir.VName, n ir.SubExp) { u.addRange(r, v, n) })
		}
	case *ir.If:
		if e.Cond.IsVar() {
			r.assume(&u, e.Cond.Var, b == e.Then)
		}
	}
	for _, l := range ir.Lambdas(s.Exp) {
		if l.Body == b {
			for _, p := range l.Params {
				if _, ok := r.depth[p.Name]; !ok {
					r.depth[p.Name] = r.level
				}
			}
		}
	}
	return func() {
		for i := len(u) - 1; i >= 0; i-- {
			u[i]()
		}
	}
}

// addRange records 0 <= v < hi until the walk leaves the body.
func (u *undo) addRange(r *rewriter, v ir.VName, hi ir.SubExp) {
	if !r.nonneg.Has(v) {
		r.nonneg.Add(v)
		*u = append(*u, func() { delete(r.nonneg, v) })
	}
	if hi.IsNone() {
		return
	}
	old := r.below[v]
	r.below[v] = append(append([]ir.SubExp(nil), old...), hi)
	*u = append(*u, func() { r.below[v] = old })
}

// isIota reports whether arr is iota w (from 0 by 1, of type i64).
func (r *rewriter) isIota(arr ir.VName, w ir.SubExp) bool {
	n, ok := r.countingIota(arr)
	return ok && n.Equal(w)
}

// countingIota is ir.CountingIota of arr's definition.
func (r *rewriter) countingIota(arr ir.VName) (ir.SubExp, bool) {
	return ir.CountingIota(r.w.defs[arr])
}

// assume records what holds inside the branch of the if on c that runs
// when c is holds: index ranges from comparisons, and (for the cond
// family) c itself, the results of other ifs on c, and one side of an
// integer equality for the other.
func (r *rewriter) assume(u *undo, c ir.VName, holds bool) {
	if r.propagate {
		u.set(r.w.sub, c, ir.Bool(holds))
		for _, s := range r.ifs[c] {
			e := s.Exp.(*ir.If)
			br := e.Else
			if holds {
				br = e.Then
			}
			local := ir.BoundInBody(br)
			for k, p := range s.Pat {
				// An array the if may consume stays: reading it after
				// the if would be a use after consumption.
				x := br.Result[k]
				if x.IsVar() && (local.Has(x.Var) || !p.Type.IsScalar() && r.fa.MayBeConsumed(x.Var)) {
					continue
				}
				u.set(r.w.sub, p.Name, x)
			}
		}
	}
	if !holds {
		return
	}
	var facts func(c ir.VName)
	facts = func(c ir.VName) {
		switch e := r.w.defs[c].(type) {
		case *ir.Bin:
			if e.Op == prim.LogAnd {
				for _, x := range []ir.SubExp{e.X, e.Y} {
					if x.IsVar() {
						facts(x.Var)
					}
				}
			}
		case *ir.Cmp:
			if e.T != prim.I64 {
				return
			}
			x, y := e.X, e.Y
			switch e.Op {
			case prim.Gt, prim.Ge:
				x, y = y, x
			}
			switch e.Op {
			case prim.Lt, prim.Gt: // x < y
				if x.IsVar() {
					old := r.below[x.Var]
					r.below[x.Var] = append(append([]ir.SubExp(nil), old...), y)
					*u = append(*u, func() { r.below[x.Var] = old })
				}
				if y.IsVar() && (r.nonnegative(x)) && !r.nonneg.Has(y.Var) {
					r.nonneg.Add(y.Var)
					*u = append(*u, func() { delete(r.nonneg, y.Var) })
				}
			case prim.Le, prim.Ge: // x <= y
				if y.IsVar() && r.nonnegative(x) && !r.nonneg.Has(y.Var) {
					r.nonneg.Add(y.Var)
					*u = append(*u, func() { delete(r.nonneg, y.Var) })
				}
			case prim.Eq:
				if r.propagate {
					r.equate(u, x, y)
				}
			}
		}
	}
	facts(c)
}

// equate substitutes, inside a branch where x == y holds (integers), the
// one of them bound in the deeper body by the other, so that code using
// it may move out. Names used as sizes stay, since types mention them.
func (r *rewriter) equate(u *undo, x, y ir.SubExp) {
	if x.IsConst && y.IsConst {
		return
	}
	if x.IsConst || (y.IsVar() && x.IsVar() && r.depth[x.Var] > r.depth[y.Var]) {
		x, y = y, x
	}
	// Replace x by y.
	if !x.IsVar() || r.sizes.Has(x.Var) || x.Equal(y) {
		return
	}
	if y.IsVar() && r.depth[x.Var] == r.depth[y.Var] {
		return
	}
	u.set(r.w.sub, x.Var, y)
}

// nonnegative reports whether x is known never to be negative.
func (r *rewriter) nonnegative(x ir.SubExp) bool {
	if x.IsConst {
		return x.Const.Type().IsInt() && x.Const.Int() >= 0
	}
	return x.IsVar() && (r.nonneg.Has(x.Var) || r.fa.IsSize(x.Var))
}

// lessThan reports whether x < y is known.
func (r *rewriter) lessThan(x, y ir.SubExp) bool {
	if x.IsConst && y.IsConst {
		return x.Const.Int() < y.Const.Int()
	}
	if x.IsVar() {
		for _, h := range r.below[x.Var] {
			if h.Equal(y) {
				return true
			}
		}
	}
	return false
}

// inRange reports whether 0 <= i < n is known.
func (r *rewriter) inRange(i, n ir.SubExp) bool {
	return r.nonnegative(i) && r.lessThan(i, n)
}

// typeOf is the type of s.
func (r *rewriter) typeOf(s ir.SubExp) (ir.Type, bool) {
	if s.IsConst {
		return ir.Scalar(s.Const.Type()), true
	}
	if t, ok := r.w.types[s.Var]; ok {
		return t, true
	}
	return r.b.TypeOf(s.Var)
}

// fresh copies b with every name it binds renamed and the names in sub
// replaced, declaring the new names' types to the builder.
func (r *rewriter) fresh(b *ir.Body, sub map[ir.VName]ir.SubExp) *ir.Body {
	ns := r.b.Names()
	rw := &ir.Rewriter{
		Use: substUse(sub),
		Bind: func(v ir.VName) ir.VName {
			n := ns.Fresh(v)
			sub[v] = ir.Var(n)
			return n
		},
	}
	out := rw.Body(b)
	(&ir.Visitor{Bind: func(p ir.Param) {
		r.b.Declare(p)
		r.w.types[p.Name] = p.Type
	}}).Body(out)
	return out
}

// inline adds to b a fresh copy of body's statements, with sub applied,
// and returns its results.
func (r *rewriter) inline(b *ir.Builder, body *ir.Body, sub map[ir.VName]ir.SubExp) []ir.SubExp {
	out := r.fresh(body, sub)
	for _, st := range out.Stms {
		b.Add(st)
	}
	return out.Result
}

func substUse(sub map[ir.VName]ir.SubExp) func(ir.VName) ir.SubExp {
	return func(v ir.VName) ir.SubExp {
		if s, ok := sub[v]; ok {
			return s
		}
		return ir.Var(v)
	}
}

// guard builds 0 <= i && i < n in b, leaving out what is known.
func (r *rewriter) guard(b *ir.Builder, i, n ir.SubExp) ir.SubExp {
	var c ir.SubExp
	if !r.nonnegative(i) {
		c = b.CmpOp(prim.Le, ir.I64(0), i)
	}
	if !r.lessThan(i, n) {
		lt := b.CmpOp(prim.Lt, i, n)
		if c.IsNone() {
			c = lt
		} else {
			c = b.BinOp(prim.LogAnd, c, lt)
		}
	}
	if c.IsNone() {
		return ir.Bool(true)
	}
	return c
}

// declare records the types of a statement's results in the walk.
func (r *rewriter) declare(ps []ir.Param) {
	for _, p := range ps {
		r.w.types[p.Name] = p.Type
	}
}

// stmsSize counts the statements of b, nested ones included.
func stmsSize(b *ir.Body) int {
	n := 0
	for _, s := range b.Stms {
		n++
		for _, nb := range ir.Bodies(s.Exp) {
			if nb != nil {
				n += stmsSize(nb)
			}
		}
	}
	return n
}
