package opt

import (
	"fmt"
	"strings"

	"github.com/fluxion-lang/fluxion/internal/ir"
	"github.com/fluxion-lang/fluxion/internal/prim"
)

// Share makes a map or Screma that computes, for each row, an expensive
// value (a transcendental function or a float power) that an earlier map
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
func Share(p *ir.Program) (*ir.Program, error) {
	return eachFunc(p, func(f *ir.Func) error {
		ns := ir.BuilderFor(f).Names()
		var walk func(b *ir.Body)
		walk = func(b *ir.Body) {
			for _, s := range b.Stms {
				for _, nb := range ir.Bodies(s.Exp) {
					if nb != nil {
						walk(nb)
					}
				}
			}
			shareIn(b, ns)
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

// rowKeys gives the top-level scalar statements of f (applied to the rows
// of arrs) a key that is equal for statements computing the same value
// from the same rows, constants and free variables; "" for others.
func rowKeys(f *ir.Lambda, arrs []ir.VName) map[*ir.Stm]string {
	vals := map[ir.VName]string{}
	for k, p := range f.Params {
		if k < len(arrs) && p.Type.IsScalar() && !p.Type.Acc {
			vals[p.Name] = "in:" + arrs[k].String()
		}
	}
	local := ir.BoundInBody(f.Body) // with the parameters: not free
	for _, p := range f.Params {
		local.Add(p.Name)
	}
	key := func(x ir.SubExp) (string, bool) {
		if x.IsConst {
			return "c:" + x.Const.Type().String() + ":" + x.Const.String(), true
		}
		if v, ok := vals[x.Var]; ok {
			return v, true
		}
		if local.Has(x.Var) {
			return "", false
		}
		return "free:" + x.Var.String(), true
	}
	out := map[*ir.Stm]string{}
	for _, s := range f.Body.Stms {
		if len(s.Pat) != 1 || !s.Pat[0].Type.IsScalar() {
			continue
		}
		var op string
		var args []ir.SubExp
		switch e := s.Exp.(type) {
		case *ir.Bin:
			op, args = fmt.Sprintf("bin:%v:%v", e.Op, e.T), []ir.SubExp{e.X, e.Y}
		case *ir.Un:
			op, args = fmt.Sprintf("un:%v:%v", e.Op, e.T), []ir.SubExp{e.X}
		case *ir.Cmp:
			op, args = fmt.Sprintf("cmp:%v:%v", e.Op, e.T), []ir.SubExp{e.X, e.Y}
		case *ir.Call:
			op, args = "call:"+e.Fn.Name, e.Args
		case *ir.Index:
			// An element of a free array (the row of a weight matrix
			// that both functions read at the same offsets).
			if local.Has(e.Arr) {
				continue
			}
			op, args = "index:"+e.Arr.String(), e.Idx
		default:
			continue
		}
		parts := []string{op}
		ok := true
		for _, a := range args {
			k, good := key(a)
			ok = ok && good
			parts = append(parts, k)
		}
		if !ok {
			continue
		}
		k := "(" + strings.Join(parts, " ") + ")"
		vals[s.Pat[0].Name] = k
		out[s] = k
	}
	return out
}

// shareIn shares the expensive values of the SOACs of b (see Share).
func shareIn(b *ir.Body, ns *ir.NameSource) {
	type source struct {
		stm *ir.Stm
		val ir.Param // the value in the earlier SOAC's function
		out ir.VName // its map output, once added
	}
	type soac struct {
		stm  *ir.Stm
		w    ir.SubExp
		have map[string]*source
	}
	var earlier []soac
	// share makes the function of s read the expensive values that an
	// earlier SOAC computes.
	share := func(s *ir.Stm, w ir.SubExp, arrs []ir.VName, f *ir.Lambda, keys map[*ir.Stm]string) {
		taken := map[*source]ir.VName{} // the parameter s reads each source as
		for _, st := range f.Body.Stms {
			k := keys[st]
			if k == "" || !expensive(st.Exp) {
				continue
			}
			var src *source
			for _, e := range earlier {
				if e.w.Equal(w) && e.have[k] != nil {
					src = e.have[k]
					break
				}
			}
			if src == nil {
				continue
			}
			if src.out.IsZero() {
				src.out = addMapOutput(src.stm, src.val, ns)
			}
			if _, ok := taken[src]; !ok {
				p := ir.Param{Name: ns.New("shared"), Type: st.Pat[0].Type}
				addRowInput(s, src.out, p)
				taken[src] = p.Name
			}
			st.Exp = &ir.Atom{X: ir.Var(taken[src])}
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
				if w, arrs, f, ok := rowFunc(in); ok {
					share(in, w, arrs, f, rowKeys(f, arrs))
				}
			}
			continue
		}
		w, arrs, f, ok := rowFunc(s)
		if !ok {
			continue
		}
		keys := rowKeys(f, arrs)
		share(s, w, arrs, f, keys)
		have := map[string]*source{}
		for _, st := range f.Body.Stms {
			if k := keys[st]; k != "" && expensive(st.Exp) && have[k] == nil {
				have[k] = &source{stm: s, val: st.Pat[0]}
			}
		}
		earlier = append(earlier, soac{stm: s, w: w, have: have})
	}
}

// addMapOutput makes value v of the function of map or Screma statement s
// one more map output, and returns the name of its array.
func addMapOutput(s *ir.Stm, v ir.Param, ns *ir.NameSource) ir.VName {
	w, _, f, _ := rowFunc(s)
	f.Body.Result = append(f.Body.Result, ir.Var(v.Name))
	f.Ret = append(f.Ret, v.Type)
	out := ns.New("shared_rows")
	s.Pat = append(s.Pat, ir.Param{Name: out, Type: ir.Array(v.Type.Elem, w)})
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
