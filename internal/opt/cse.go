package opt

import (
	"strconv"

	"github.com/fluxion-lang/fluxion/internal/ir"
)

// CSE replaces a statement by the names of an earlier identical one in
// scope. Only pure statements qualify (see impure); arrays that may be
// consumed are never shared, since merging two of them would make the
// second consumption a use after consumption; accumulators are never
// shared. Identical expressions that can fail fail at the first of them,
// so reusing it keeps every run-time error.
func CSE(p *ir.Program) (*ir.Program, error) {
	return eachFunc(p, func(f *ir.Func) error {
		w := newForward(f)
		consumed := w.consumed
		avail := map[string][]ir.SubExp{}
		var added []string
		var marks []int
		w.enter = func() { marks = append(marks, len(added)) }
		w.leave = func() {
			m := marks[len(marks)-1]
			marks = marks[:len(marks)-1]
			for _, k := range added[m:] {
				delete(avail, k)
			}
			added = added[:m]
		}
		w.rule = func(s *ir.Stm) ([]*ir.Stm, []ir.SubExp, bool) {
			if !shareable(s, consumed) {
				return nil, nil, false
			}
			k := expKey(s)
			if prev, ok := avail[k]; ok {
				return nil, prev, true
			}
			names := make([]ir.SubExp, len(s.Pat))
			for i, p := range s.Pat {
				names[i] = ir.Var(p.Name)
			}
			avail[k] = names
			added = append(added, k)
			return nil, nil, false
		}
		w.run(f)
		return nil
	})
}

// shareable reports whether s may be the first or the second of two
// statements CSE merges.
func shareable(s *ir.Stm, consumed ir.Names) bool {
	if len(s.Pat) == 0 || impure(s.Exp) {
		return false
	}
	if _, ok := s.Exp.(*ir.Atom); ok {
		return false // copy propagation's business
	}
	for _, p := range s.Pat {
		if p.Type.Acc || (!p.Type.IsScalar() && consumed.Has(p.Name)) {
			return false
		}
	}
	return true
}

// canonRenamer renames the names bound in what it rewrites in order of
// binding ("%1", "%2", ...), leaving free names alone, so that two
// alpha-equivalent pieces of IR print the same.
func canonRenamer() *ir.Rewriter { return canonRenamerWith(nil) }

// canonRenamerWith is canonRenamer with the free names replaced by free
// (nil: kept).
func canonRenamerWith(free func(ir.VName) ir.VName) *ir.Rewriter {
	local := map[ir.VName]ir.VName{}
	return &ir.Rewriter{
		Bind: func(v ir.VName) ir.VName {
			c := ir.VName{Base: "%", Tag: len(local) + 1}
			local[v] = c
			return c
		},
		Use: func(v ir.VName) ir.SubExp {
			if c, ok := local[v]; ok {
				return ir.Var(c)
			}
			if free != nil {
				return ir.Var(free(v))
			}
			return ir.Var(v)
		},
	}
}

// expKey is the printed form of s's expression and pattern types with
// the names bound inside it renamed in order of binding, so that two
// alpha-equivalent lambdas, loops or branches get the same key.
func expKey(s *ir.Stm) string {
	r := canonRenamer()
	key := ir.ExpString(r.Exp(s.Exp))
	for _, p := range s.Pat {
		key += " : " + p.Type.String()
	}
	return key + " #" + strconv.Itoa(len(s.Pat))
}
