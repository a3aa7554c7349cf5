// Package rev expands reverse-mode differentiation (ir.VJP) into ordinary
// IR, following seed 000 and the rules of AD-NOTES.md "Reverse mode".
//
// Every scope (the differentiated lambda, a map lambda, a loop body, an if
// branch) gets a forward sweep, which re-executes the scope's statements,
// and a return sweep, which visits them in reverse order and propagates
// adjoints. Nothing is stored except the per-iteration checkpoints of
// sequential loops (redundant execution). Adjoints live in an environment
// from primal names to adjoint values; an absent entry is a zero adjoint.
// Integers and booleans have adjoints of their own type (§14.3).
//
// Only values that depend on the vjp's parameters get adjoints (the
// active ones: a name computed from constants alone is marked inactive by
// the forward sweep, and contributions to it are dropped; so are the
// parameters of an active loop that never read an active value, and a
// loop with only such results runs without checkpoints). Adjoint arrays
// may carry facts (env.go): uniform rows (a sum's adjoint replicated),
// which the map rule reads as one value, and zeros outside a range of
// rows (a minimum's or an indexed element's adjoint), for which the map
// rule runs its return sweep on those rows only, so that the adjoint of a
// nearest-centroid cost costs O(d) per point rather than O(k*d). Inside
// a map, contributions to a row of a parameter (v = p[i], a view) go
// straight into p's accumulator at i, not into a zero row of v's own
// that is added to p's adjoint afterwards; a map over a slice of an array
// with an accumulator (x[o:o+k] of a parameter or of an array free in an
// enclosing map) adds each row's adjoint to it at o+i from inside the
// map, not through an array of them added by a second map.
//
// Rules (files): scalars through prim's partial-derivative table and data
// movement (stms.go); if and for/while loops with checkpoints (control.go);
// map, with free scalars summed and free arrays accumulated through
// WithAcc/UpdAcc (or, when every application adds a whole array, summed
// after the map: accsum.go; sums of contributions over a map move into
// the maps nested in its lambda when the moved statements are cheap,
// ending in fused reduce-over-map dot products, so the vjp of matmul is
// two matrix products in O(nm + mp + np) memory: interchange.go), and
// reduce (generic, +, * with zero counting, min/max)
// (soac.go); scan (generic composition of affine maps, +, and the
// Jacobian patterns ZeroQuad and MatrixMul found at compile time: one
// smaller scan per class of equal independent blocks, scanpat.go; over
// rows with an operator that is no map2, a sequential loop from the end),
// scatter (scatter.go) and reduce_by_index (+, *, min/max, generic by a
// loop forwards and one backwards over the elements that record each
// value's prefix and suffix in its bucket, also for tuple operators and
// operators with free variables: histloop.go; operators on whole rows by
// radix sort and segmented scans, hist.go, which also remains for
// comparison); #[stripmine(k)], vectorised scan,
// reduce and reduce_by_index operators, reduce_by_index with several
// index arrays, and reductions and scans whose neutral element depends on
// a differentiated value (opfree.go) are rewritten before differentiation
// (prepare.go), and so is accumulator code from an inner vjp, into plain
// array code (deacc.go), so that vjp of vjp works. mjp runs the forward sweep once and maps the
// return sweep over the batch. NoSpecialCases switches the
// special cases off so that tests can compare them with the generic rules;
// a vjp that will be differentiated again (ExpandNestedVJP) leaves out the
// zero-counting rules of *, whose derivatives are wrong at zeros.
//
// A for loop that only accumulates (a' = a + g for its active parameters,
// g independent of them) is not checkpointed: its return sweep runs
// forwards, recomputing the inactive parameters (sumloop.go).
//
// In-place updates save only the region they overwrite and the return
// sweep writes it back (inplace.go). So does an if whose branches update
// arrays of the scope at fixed indices: the regions are extra results of
// the if, and the return sweep's if writes them back in the same branch
// before re-running it. A loop parameter that its body only updates in
// place at fixed indices, directly or through such ifs, is not
// checkpointed per iteration: the saved regions rebuild it backwards, so
// n updates cost O(n), also under mjp.
//
// Known deviations from AD-NOTES: updates of arrays the scope does not
// own outright (aliased), slice updates inside an if, chains of updates
// through more than eight nested ifs, and, in the body of an mjp's
// function outside its loops, ifs that update arrays and updates of
// arrays that are read other than element by element update a copy (the
// return sweep, mapped over the rows, may not write regions back into
// the primal arrays all rows share, and one copy in the forward sweep is
// cheaper than one per row); nested scopes inside an mjp's return sweep
// are re-run per row; the return sweep of a scan over rows whose
// operator is no map2 is sequential (O(n) work, no parallelism).
package rev

import (
	"fmt"

	"github.com/fluxion-lang/fluxion/internal/ir"
)

// NoSpecialCases disables the special-case rules (reduce with +, * and
// min/max), so that tests can compare them with the generic rules.
var NoSpecialCases bool

// Error is a program that AD cannot differentiate (package ad uses this
// type too).
type Error struct {
	Func string
	Pos  ir.Pos
	Msg  string
}

// Error starts with the position, like every compile error, and names the
// function being differentiated at the end.
func (e *Error) Error() string {
	s := e.Msg
	if e.Pos.IsKnown() {
		s = e.Pos.String() + ": " + s
	} else {
		s = "automatic differentiation: " + s
	}
	if e.Func != "" {
		s += " (in " + e.Func + ")"
	}
	return s
}

// failure carries an Error out of the recursive rules.
type failure struct{ err *Error }

func fail(pos ir.Pos, format string, args ...any) {
	panic(failure{&Error{Pos: pos, Msg: fmt.Sprintf(format, args...)}})
}

// catch turns the panics of the rules and of the builder into errors.
func catch(err *error, fn string, pos ir.Pos) {
	if r := recover(); r != nil {
		switch r := r.(type) {
		case failure:
			r.err.Func = fn
			*err = r.err
		case *ir.BuildError:
			*err = &Error{Func: fn, Pos: pos, Msg: "internal error: " + r.Error()}
		default:
			// A bug in a rule; reported, not propagated, so callers get an error.
			*err = &Error{Func: fn, Pos: pos, Msg: fmt.Sprintf("internal error: %v", r)}
		}
	}
}

// Expand returns p with every VJP replaced by reverse-mode code, innermost
// first; other AD operators are left as they are. p is not modified.
func Expand(p *ir.Program) (*ir.Program, error) {
	out := &ir.Program{Funcs: make([]*ir.Func, len(p.Funcs))}
	for i, f := range p.Funcs {
		g, err := ExpandFunc(f)
		if err != nil {
			return nil, err
		}
		out.Funcs[i] = g
	}
	return out, nil
}

// ExpandFunc expands the VJPs of one function (see Expand).
func ExpandFunc(f *ir.Func) (out *ir.Func, err error) {
	defer catch(&err, f.Name, f.Pos)
	if f.Body == nil {
		return f, nil
	}
	b := ir.BuilderFor(f)
	g := *f
	g.Body = expandBody(b, f.Body, false)
	return &g, nil
}

// ExpandVJP appends to b the reverse-mode code of s, a statement whose
// expression is an ir.VJP, binding s's pattern. VJPs nested in its lambda
// must already be expanded. b must know the types of every name in scope
// and its name source must be past every name of the function.
func ExpandVJP(b *ir.Builder, s *ir.Stm) (err error) {
	return expandTop(b, s, false)
}

// ExpandNestedVJP is ExpandVJP for a vjp whose code will be differentiated
// again (it sits inside the function of another jvp or vjp). Its rules
// must then be smooth where the function is: the zero-counting rules of
// reduce and reduce_by_index with * are exact at zeros but constant in
// branches where the true adjoint is not, so their derivatives would be
// wrong there; the generic rules, whose adjoints are products, are used
// instead.
func ExpandNestedVJP(b *ir.Builder, s *ir.Stm) (err error) {
	return expandTop(b, s, true)
}

func expandTop(b *ir.Builder, s *ir.Stm, nested bool) (err error) {
	defer catch(&err, "", s.Pos)
	e, ok := s.Exp.(*ir.VJP)
	if !ok {
		return &Error{Pos: s.Pos, Msg: fmt.Sprintf("not a vjp: %s", ir.ExpString(s.Exp))}
	}
	expandVJP(b, s, e, nested)
	return nil
}

// expandBody rebuilds body with nested VJPs expanded, innermost first.
// nested is whether body is inside the function of another VJP.
func expandBody(b *ir.Builder, body *ir.Body, nested bool) *ir.Body {
	if body == nil {
		return nil
	}
	out := b.Sub()
	for _, s := range body.Stms {
		s = expandNested(b, s, nested)
		out.Pos = s.Pos
		if e, ok := s.Exp.(*ir.VJP); ok {
			expandVJP(out, s, e, nested)
			continue
		}
		out.Add(s)
	}
	return out.Body(body.Result...)
}

func expandLambda(b *ir.Builder, l *ir.Lambda, nested bool) *ir.Lambda {
	if l == nil {
		return nil
	}
	return &ir.Lambda{Params: l.Params, Body: expandBody(b, l.Body, nested), Ret: l.Ret}
}

// expandNested returns s with the bodies and lambdas inside it expanded.
func expandNested(b *ir.Builder, s *ir.Stm, nested bool) *ir.Stm {
	_, isVJP := s.Exp.(*ir.VJP)
	nested = nested || isVJP
	e := ir.MapChildren(s.Exp,
		func(body *ir.Body) *ir.Body { return expandBody(b, body, nested) },
		func(l *ir.Lambda) *ir.Lambda { return expandLambda(b, l, nested) })
	if e == s.Exp {
		return s
	}
	return &ir.Stm{Pat: s.Pat, Exp: e, Pos: s.Pos}
}

// forwardSweep binds a renamed copy of e.F's parameters to the primals,
// prepares its body and emits its forward sweep, returning the function
// and the reverse-mode state for its return sweep. noInplace keeps every
// primal value readable to the end (mjp's return sweep reads them from
// inside a map).
func forwardSweep(b *ir.Builder, s *ir.Stm, e *ir.VJP, op string, nested, noInplace bool) (*ir.Lambda, *rev) {
	f := renameLambda(b, e.F)
	if len(e.Primals) != len(f.Params) || len(e.Adjoints) != len(f.Body.Result) {
		fail(s.Pos, "%s: %d primals and %d adjoints for a function of %d parameters and %d results",
			op, len(e.Primals), len(e.Adjoints), len(f.Params), len(f.Body.Result))
	}
	for i, p := range f.Params {
		b.Bind([]ir.Param{p}, &ir.Atom{X: e.Primals[i]})
	}
	f.Body = prepareBody(b, f.Params, f.Body)
	r := newRev(b)
	// What the function reads besides its parameters is a constant.
	for v := range ir.FreeInBody(f.Body) {
		if !isParam(f.Params, v) {
			r.inactive.Add(v)
		}
	}
	// Rows of the array parameters that nothing updates in place are
	// views of them.
	consumed := consumedIn(f.Body)
	for _, p := range f.Params {
		if p.Type.IsArray() && !consumed.Has(p.Name) {
			r.views.bases.Add(p.Name)
		}
	}
	r.nested = nested
	r.noInplace = noInplace
	r.forwardStms(f.Body.Stms)
	return f, r
}

// consumedIn is the arrays that statements of body, at any depth, update
// in place or pass to a loop.
func consumedIn(body *ir.Body) ir.Names {
	out := ir.Names{}
	var walk func(b *ir.Body)
	walk = func(b *ir.Body) {
		for _, s := range b.Stms {
			switch e := s.Exp.(type) {
			case *ir.Update:
				out.Add(e.Arr)
			case *ir.Scatter:
				for _, d := range e.Dests {
					out.Add(d)
				}
			case *ir.Hist:
				for _, d := range e.Dests {
					out.Add(d)
				}
			case *ir.Loop:
				for _, x := range e.Init {
					if x.IsVar() {
						out.Add(x.Var)
					}
				}
			}
			for _, c := range ir.Bodies(s.Exp) {
				walk(c)
			}
		}
	}
	walk(body)
	return out
}

// expandVJP emits the forward sweep of e.F at the primals, seeds the
// adjoints of its results and emits the return sweep.
func expandVJP(b *ir.Builder, s *ir.Stm, e *ir.VJP, nested bool) {
	if e.Vec {
		expandMJP(b, s, e, nested)
		return
	}
	f, r := forwardSweep(b, s, e, "vjp", nested, false)
	r.seedFacts(e.Adjoints)
	out := append([]ir.SubExp{}, f.Body.Result...)
	for i, res := range f.Body.Result {
		if res.IsVar() {
			r.addTo(res.Var, e.Adjoints[i])
			if r.restores(res.Var) {
				// The return sweep consumes it to restore what it overwrote.
				out[i] = b.Let(res.Var.Base, &ir.Copy{Arr: res.Var})
			}
		}
	}
	r.reverseStms(f.Body.Stms)
	for _, p := range f.Params {
		out = append(out, r.current(p.Name))
	}
	bindResults(b, s, out)
}

// expandMJP runs the forward sweep once and maps the return sweep over
// the rows of the adjoints, giving adjoints with an outer dimension. The
// return sweep reads the forward sweep's values as free variables.
func expandMJP(b *ir.Builder, s *ir.Stm, e *ir.VJP, nested bool) {
	f, r := forwardSweep(b, s, e, "mjp", nested, true)
	var arrs []ir.VName
	var rows []ir.Type
	for _, a := range e.Adjoints {
		if !a.IsVar() {
			fail(s.Pos, "mjp: adjoint %v is not an array", a)
		}
		arrs = append(arrs, a.Var)
		rows = append(rows, b.Type(a).Row())
	}
	lam := b.Lambda(rows, func(lb *ir.Builder, ps []ir.SubExp) []ir.SubExp {
		r.b = lb
		for i, res := range f.Body.Result {
			if res.IsVar() {
				r.addTo(res.Var, ps[i])
			}
		}
		r.reverseStms(f.Body.Stms)
		var out []ir.SubExp
		for _, p := range f.Params {
			a := r.current(p.Name)
			if a.IsVar() && r.typeOf(a.Var).IsArray() && !r.owned[a.Var] {
				a = lb.Let("adj", &ir.Copy{Arr: a.Var})
			}
			out = append(out, a)
		}
		return out
	})
	lam.Body = dce(lam.Body)
	w := e.Width
	if w.IsNone() {
		w = b.Let("w", &ir.Size{Arr: arrs[0], Dim: 0})
	}
	adjs := b.Map(w, arrs, lam)
	out := append([]ir.SubExp{}, f.Body.Result...)
	for _, a := range adjs {
		out = append(out, ir.Var(a))
	}
	bindResults(b, s, out)
}

// seedFacts records the seeds that the code before the vjp replicates
// from one value (vjp f x (replicate n 1)): their rows are uniform.
func (r *rev) seedFacts(seeds []ir.SubExp) {
	stms := r.b.Stms()
	for _, a := range seeds {
		if !a.IsVar() {
			continue
		}
		for i := len(stms) - 1; i >= 0; i-- {
			st := stms[i]
			if len(st.Pat) != 1 || st.Pat[0].Name != a.Var {
				continue
			}
			if rep, ok := st.Exp.(*ir.Replicate); ok && len(rep.Shape) == 1 {
				r.facts.uniform[a.Var] = rep.Val
			}
			break
		}
	}
}

// bindResults binds the pattern of s to vals one by one.
func bindResults(b *ir.Builder, s *ir.Stm, vals []ir.SubExp) {
	if len(vals) != len(s.Pat) {
		fail(s.Pos, "vjp gives %d values, pattern has %d", len(vals), len(s.Pat))
	}
	for i, p := range s.Pat {
		b.Bind([]ir.Param{p}, &ir.Atom{X: vals[i]})
	}
}

// declareIn records the types of every name bound in body.
func declareIn(b *ir.Builder, body *ir.Body) {
	v := &ir.Visitor{Bind: func(p ir.Param) { b.Declare(p) }}
	v.Body(body)
}

// renameBody is a copy of body with fresh names, known to b.
func renameBody(b *ir.Builder, body *ir.Body) *ir.Body {
	body = ir.RenameBody(body, b.Names())
	declareIn(b, body)
	return body
}

// renameLambda is a copy of l with fresh names, known to b.
func renameLambda(b *ir.Builder, l *ir.Lambda) *ir.Lambda {
	l = ir.RenameLambda(l, b.Names())
	b.Declare(l.Params...)
	declareIn(b, l.Body)
	return l
}
