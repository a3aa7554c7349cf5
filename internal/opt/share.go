package opt

import (
	"strconv"

	"github.com/fluxion-lang/fluxion/internal/ir"
	"github.com/fluxion-lang/fluxion/internal/prim"
)

// Share makes a map or Screma that computes, for each row, an expensive
// value (a transcendental function, a float power, or a reduction that
// cannot fail, such as a dot product) that an earlier map
// or Screma of the same width in the same body also computes from the
// same input elements and the same free values read it from an extra map
// output of the earlier one instead of computing it again. Reverse mode
// re-executes the forward sweep's element functions in its return sweep
// (the gradient of log-sum-exp computes exp(x - max) in both), and fusion
// cannot merge the two when the later one needs a reduction of the
// earlier one. Storing the value costs a write and a read per row, far
// less than the functions shared.
//
// Only statements at the top of both functions are shared (so they run
// for every row in both), keyed by their operations on the SOACs' input
// arrays (not their parameter names), elements of free arrays (by their
// keyed offsets), constants and free variables,
// which have one value in the body (SSA; an input consumed in between
// could not be read by the later SOAC). Nothing that can fail is
// removed: the shared operations cannot fail, and what the later SOAC
// no longer needs (an element read at a keyed offset) the earlier one
// reads at the same offset for the same rows, first. The later SOAC may
// also be a map at the top of a WithAcc's function, where reverse mode
// puts the maps that add adjoints into accumulators.
//
// The same holds through nests: a map or Screma at the top of the
// earlier function whose width is known outside it, and one of the same
// width at the top of the later function (or of a WithAcc's function
// there), pair up, and a value the inner earlier one computes reaches
// the inner later one as a map output of each earlier SOAC and an input
// of each later one (an array of rows of values). Reverse mode's return
// sweep over gmm's components re-runs, for every row of a component's
// factor, the dot product the forward sweep computed for log-sum-exp;
// it now reads it from a [k][d] array the forward sweep stores per point.
//
// And through loops: a loop that restores reverse mode's checkpoints of
// an earlier loop reads the values worth sharing from tapes the earlier
// loop fills beside its checkpoints (see sharetape.go).
func Share(p *ir.Program) (*ir.Program, error) {
	return eachFunc(p, func(f *ir.Func) error {
		sh := &sharer{ns: ir.BuilderFor(f).Names(), fa: ir.NewFacts(f)}
		var walk func(b *ir.Body)
		walk = func(b *ir.Body) {
			// Loops first: their bodies are keyed before sharing
			// within them changes their SOACs.
			shareTapes(b, sh)
			for _, s := range b.Stms {
				for _, nb := range ir.Bodies(s.Exp) {
					if nb != nil {
						walk(nb)
					}
				}
			}
			shareIn(b, sh)
		}
		walk(f.Body)
		return nil
	})
}

// expensiveFns are the functions worth storing rather than recomputing.
var expensiveFns = map[string]bool{
	"exp": true, "log": true, "log2": true, "log10": true, "log1p": true, "cbrt": true,
	"sin": true, "cos": true, "tan": true, "sinpi": true, "cospi": true, "tanpi": true,
	"asin": true, "acos": true, "atan": true, "asinpi": true, "acospi": true, "atanpi": true,
	"sinh": true, "cosh": true, "tanh": true, "asinh": true, "acosh": true, "atanh": true,
	"gamma": true, "lgamma": true, "digamma": true, "trigamma": true, "erf": true, "erfc": true,
	"atan2": true, "pow": true, "hypot": true,
}

func expensive(e ir.Exp) bool {
	switch e := e.(type) {
	case *ir.Call:
		return expensiveFns[e.Fn.Fn]
	case *ir.Bin:
		return e.Op == prim.Pow && e.T.IsFloat()
	}
	return false
}

// rowFunc is the map function of a map or Screma statement.
func rowFunc(s *ir.Stm) (w ir.SubExp, arrs []ir.VName, f *ir.Lambda, ok bool) {
	switch e := s.Exp.(type) {
	case *ir.Map:
		return e.W, e.Arrs, e.F, true
	case *ir.Screma:
		return e.W, e.Arrs, e.F, true
	}
	return ir.SubExp{}, nil, nil, false
}

// keyer gives the names a function reads keys that are equal for equal
// values, row by row: a parameter is "in:" and the key of the array it
// reads a row of, a name a top-level statement binds is that statement's
// key and its position, and any other name is its enclosing function's
// key for it (at the outermost body, itself: one value in SSA). A
// statement's key is its printed expression with the names bound inside
// it renamed in order of binding and every other name replaced by its
// key, so that two functions reading the same arrays compute statements
// of equal keys from the same values.
type keyer struct {
	parent *keyer
	keys   map[ir.VName]string
	stm    map[*ir.Stm]string
	intern map[string]int
}

func rootKeyer() *keyer {
	return &keyer{keys: map[ir.VName]string{}, stm: map[*ir.Stm]string{}, intern: map[string]int{}}
}

// of is v's key.
func (k *keyer) of(v ir.VName) string {
	for x := k; x != nil; x = x.parent {
		if s, ok := x.keys[v]; ok {
			return s
		}
	}
	return "free:" + v.String()
}

// fn keys function f of a SOAC over arrs (nil: no parameter is a row)
// within k.
func (k *keyer) fn(f *ir.Lambda, arrs []ir.VName) *keyer {
	c := &keyer{parent: k, keys: map[ir.VName]string{}, stm: map[*ir.Stm]string{}, intern: k.intern}
	for i, p := range f.Params {
		if i < len(arrs) && !p.Type.Acc {
			c.keys[p.Name] = "in:" + k.of(arrs[i])
		} else {
			c.keys[p.Name] = "param:" + p.Name.String()
		}
	}
	for _, s := range f.Body.Stms {
		c.keyStm(s)
	}
	return c
}

// keyStm keys statement s of k's body and the names it binds. A copy
// has its array's key (the same value).
func (k *keyer) keyStm(s *ir.Stm) {
	if c, ok := s.Exp.(*ir.Copy); ok && len(s.Pat) == 1 {
		k.stm[s] = ""
		k.keys[s.Pat[0].Name] = k.of(c.Arr)
		return
	}
	sk := k.stmKey(s)
	k.stm[s] = sk
	for j, p := range s.Pat {
		if sk == "" {
			k.keys[p.Name] = "local:" + p.Name.String()
		} else {
			k.keys[p.Name] = sk + "#" + strconv.Itoa(j)
		}
	}
}

// stmKey is s's key, "" for a statement that has accumulators.
func (k *keyer) stmKey(s *ir.Stm) string {
	for _, p := range s.Pat {
		if p.Type.Acc {
			return ""
		}
	}
	rw := canonRenamerWith(func(v ir.VName) ir.VName {
		key := k.of(v)
		id, ok := k.intern[key]
		if !ok {
			id = len(k.intern) + 1
			k.intern[key] = id
		}
		return ir.VName{Base: "$", Tag: id}
	})
	key := ir.ExpString(rw.Exp(s.Exp))
	for _, p := range s.Pat {
		key += " : " + p.Type.Elem.String() + "/" + strconv.Itoa(p.Type.Rank())
	}
	return key
}

// sharer shares values between the SOACs of one body (see Share).
type sharer struct {
	ns *ir.NameSource
	fa *ir.Facts
	// within: while pairing a loop's body with another's, the names the
	// first body binds (see shareTapes), which no tape's shape may use.
	within ir.Names
}

// worth reports whether the later function should read s's value rather
// than compute it: an expensive scalar operation, or a reduction (a loop
// over data) that cannot fail.
func (sh *sharer) worth(s *ir.Stm) bool {
	if len(s.Pat) != 1 || !s.Pat[0].Type.IsScalar() {
		return false
	}
	switch e := s.Exp.(type) {
	case *ir.Reduce:
		return !sh.fa.MayFail(s)
	case *ir.Screma:
		return len(e.Scans)+len(e.Hists)+len(e.Scatters) == 0 && !sh.fa.MayFail(s)
	}
	return expensive(s.Exp)
}

// source reports whether s is a map or Screma that may get more map
// outputs.
func source(s *ir.Stm) bool {
	switch e := s.Exp.(type) {
	case *ir.Map:
		return true
	case *ir.Screma:
		return len(e.Hists)+len(e.Scatters) == 0
	}
	return false
}

// pair makes f2 (keyed k2) read the values worth sharing that f1 (keyed
// k1) computes at its top, and recurses into the SOACs of the same
// width at the top of both. export makes a value at the top of f1 an
// array of the body the pairing started in (through the map outputs of
// the SOACs around f1); imp makes such an array's element a value at the
// top of f2 (through their inputs).
func (sh *sharer) pair(f1 *ir.Lambda, k1 *keyer, f2 *ir.Lambda, k2 *keyer,
	export func(ir.Param) ir.VName, imp func(ir.VName, ir.Type) ir.VName) {
	have := map[string]*ir.Stm{}
	for _, st := range f1.Body.Stms {
		if key := k1.stm[st]; key != "" && have[key] == nil && sh.worth(st) {
			have[key] = st
		}
	}
	for _, st := range f2.Body.Stms {
		key := k2.stm[st]
		if key == "" || !sh.worth(st) {
			continue
		}
		if src := have[key]; src != nil {
			st.Exp = &ir.Atom{X: ir.Var(imp(export(src.Pat[0]), st.Pat[0].Type))}
		}
	}
	// Nested SOACs: the earlier ones whose width is known outside f1 (so
	// that their values leave f1 as regular arrays), the later ones at
	// the top of f2 or of a WithAcc's function there.
	local1 := ir.BoundInBody(f1.Body)
	for _, p := range f1.Params {
		local1.Add(p.Name)
	}
	type inner struct {
		stm  *ir.Stm
		keys *keyer
	}
	var inner1 []inner
	for _, st := range f1.Body.Stms {
		if w, arrs, g, ok := rowFunc(st); ok && source(st) && (w.IsConst || !local1.Has(w.Var) && !sh.within.Has(w.Var)) {
			inner1 = append(inner1, inner{st, k1.fn(g, arrs)})
		}
	}
	if len(inner1) == 0 {
		return
	}
	for _, st := range f2.Body.Stms {
		cands, kc := []*ir.Stm{st}, k2
		if wa, ok := st.Exp.(*ir.WithAcc); ok {
			cands, kc = wa.F.Body.Stms, k2.fn(wa.F, nil)
		}
		for _, n2 := range cands {
			w2, arrs2, g2, ok := rowFunc(n2)
			if !ok {
				continue
			}
			var k2n *keyer // keyed once, when a pair needs it
			for _, n1 := range inner1 {
				w1, _, g1, _ := rowFunc(n1.stm)
				if !w1.Equal(w2) {
					continue
				}
				if k2n == nil {
					k2n = kc.fn(g2, arrs2)
				}
				sh.pair(g1, n1.keys, g2, k2n, sh.exporter(n1.stm, export), sh.importer(n2, imp))
			}
		}
	}
}

// exporter makes a value at the top of the function of SOAC s a map
// output of s, which up (nil: none, s is in the body the pairing started
// in) carries further out; each value once.
func (sh *sharer) exporter(s *ir.Stm, up func(ir.Param) ir.VName) func(ir.Param) ir.VName {
	outs := map[ir.VName]ir.VName{}
	return func(v ir.Param) ir.VName {
		if a, ok := outs[v.Name]; ok {
			return a
		}
		a := addMapOutput(s, v, sh.ns)
		if up != nil {
			w, _, _, _ := rowFunc(s)
			a = up(ir.Param{Name: a, Type: rowsOf(w, v.Type)})
		}
		outs[v.Name] = a
		return a
	}
}

// importer makes the element of an array of the body the pairing started
// in a value at the top of the function of SOAC s: an input of s, whose
// array down (nil: none) brings in from further out; each array once.
func (sh *sharer) importer(s *ir.Stm, down func(ir.VName, ir.Type) ir.VName) func(ir.VName, ir.Type) ir.VName {
	ins := map[ir.VName]ir.VName{}
	return func(arr ir.VName, t ir.Type) ir.VName {
		if q, ok := ins[arr]; ok {
			return q
		}
		src := arr
		if down != nil {
			w, _, _, _ := rowFunc(s)
			src = down(arr, rowsOf(w, t))
		}
		q := ir.Param{Name: sh.ns.New("shared"), Type: t}
		addRowInput(s, src, q)
		ins[arr] = q.Name
		return q.Name
	}
}

// rowsOf is the type of an array of w values of type t.
func rowsOf(w ir.SubExp, t ir.Type) ir.Type {
	return ir.Type{Elem: t.Elem, Shape: append(ir.Shape{w}, t.Shape...)}
}

// shareIn shares the values of the SOACs of b (see Share).
func shareIn(b *ir.Body, sh *sharer) {
	root := rootKeyer()
	type soac struct {
		stm    *ir.Stm
		keys   *keyer
		export func(ir.Param) ir.VName
	}
	var earlier []*soac
	// later makes s's function read what the earlier SOACs compute.
	later := func(s *ir.Stm) {
		w, arrs, f, _ := rowFunc(s)
		k2 := root.fn(f, arrs)
		imp := sh.importer(s, nil)
		for _, e := range earlier {
			w1, _, f1, _ := rowFunc(e.stm)
			if w1.Equal(w) {
				sh.pair(f1, e.keys, f, k2, e.export, imp)
			}
		}
	}
	for _, s := range b.Stms {
		if wa, ok := s.Exp.(*ir.WithAcc); ok {
			// Reverse mode's maps that add into accumulators run once,
			// in full, at the top of a WithAcc's function: they may read
			// what the SOACs before the WithAcc computed (they are not
			// sources themselves: a new output would have to leave the
			// WithAcc too).
			for _, in := range wa.F.Body.Stms {
				if _, _, _, ok := rowFunc(in); ok {
					later(in)
				}
			}
			continue
		}
		_, arrs, f, ok := rowFunc(s)
		if !ok {
			continue
		}
		later(s)
		if source(s) {
			earlier = append(earlier, &soac{stm: s, keys: root.fn(f, arrs), export: sh.exporter(s, nil)})
		}
	}
}

// addMapOutput makes value v of the function of map or Screma statement s
// one more map output, and returns the name of its array.
func addMapOutput(s *ir.Stm, v ir.Param, ns *ir.NameSource) ir.VName {
	w, _, f, _ := rowFunc(s)
	// A value that already is a map output is read from it.
	first := 0
	if e, ok := s.Exp.(*ir.Screma); ok {
		for _, sc := range e.Scans {
			first += len(sc.Neutral)
		}
		for _, rd := range e.Reds {
			first += len(rd.Neutral)
		}
	}
	for j := first; j < len(f.Body.Result) && j < len(s.Pat); j++ {
		if x := f.Body.Result[j]; x.IsVar() && x.Var == v.Name {
			return s.Pat[j].Name
		}
	}
	f.Body.Result = append(f.Body.Result, ir.Var(v.Name))
	f.Ret = append(f.Ret, v.Type)
	out := ns.New("shared_rows")
	s.Pat = append(s.Pat, ir.Param{Name: out, Type: rowsOf(w, v.Type)})
	return out
}

// addRowInput gives map or Screma statement s one more input array, arr,
// whose elements its function takes as p.
func addRowInput(s *ir.Stm, arr ir.VName, p ir.Param) {
	switch e := s.Exp.(type) {
	case *ir.Map:
		e.Arrs = append(e.Arrs, arr)
		e.F.Params = append(e.F.Params, p)
	case *ir.Screma:
		e.Arrs = append(e.Arrs, arr)
		e.F.Params = append(e.F.Params, p)
	}
}
