package gogen

import (
	"fmt"

	"github.com/fluxion-lang/fluxion/internal/ir"
)

// unfuse rewrites the Scremas of p that the generator does not generate
// itself (see generated) into the statements they stand for: a Map of
// the function giving every result as an array, then one Scan, Reduce,
// Hist or Scatter per operator over those arrays, in order. The rewrite
// runs the function over all rows before the operators; that is the
// Screma's element-by-element order whenever at most one of the parts may
// fail, as fusion guarantees (a Screma for which this is not so is an
// error).
//
// It also returns the top-level Scremas with scans that the generator runs
// in a parallel scan's phases (phasedScans), which only unfuse, knowing
// which code is inside a SOAC's lambda, can tell.
func unfuse(p *ir.Program) (*ir.Program, map[*ir.Screma]bool, error) {
	out := &ir.Program{Funcs: make([]*ir.Func, len(p.Funcs))}
	phased := map[*ir.Screma]bool{}
	for i, f := range p.Funcs {
		u := &unfuser{b: ir.BuilderFor(f), fa: ir.NewFacts(f), phased: phased}
		g := *f
		g.Body = u.body(f.Body)
		if u.err != nil {
			return nil, nil, fmt.Errorf("gogen: function %s: %w", f.Name, u.err)
		}
		out.Funcs[i] = &g
	}
	return out, phased, nil
}

type unfuser struct {
	b      *ir.Builder
	fa     *ir.Facts
	err    error
	nested bool // inside the lambda of a SOAC
	phased map[*ir.Screma]bool
}

func (u *unfuser) body(b *ir.Body) *ir.Body {
	out := &ir.Body{Result: b.Result}
	for _, s := range b.Stms {
		// Code in a SOAC's lambda runs inside another SOAC's loop.
		nested := u.nested
		soac := len(ir.Lambdas(s.Exp)) > 0
		switch s.Exp.(type) {
		case *ir.WithAcc, *ir.WithVJP:
			soac = false // their lambdas run once
		}
		e := ir.MapChildren(s.Exp, u.body, func(l *ir.Lambda) *ir.Lambda {
			u.nested = nested || soac
			defer func() { u.nested = nested }()
			return &ir.Lambda{Params: l.Params, Body: u.body(l.Body), Ret: l.Ret}
		})
		sc, ok := e.(*ir.Screma)
		if ok && generated(sc, nested, u.fa) {
			ok = false
			if !nested && len(sc.Scans) > 0 {
				u.phased[sc] = true
			}
		}
		if !ok {
			out.Stms = append(out.Stms, &ir.Stm{Pat: s.Pat, Exp: e, Pos: s.Pos})
			continue
		}
		out.Stms = append(out.Stms, u.screma(s, sc)...)
	}
	return out
}

func (u *unfuser) screma(s *ir.Stm, e *ir.Screma) []*ir.Stm {
	nops := e.OpResults()
	arrs := make([]ir.VName, len(e.F.Ret))
	mapPat := make([]ir.Param, len(e.F.Ret))
	first := len(s.Pat) - (len(e.F.Ret) - nops) // the first map output in s.Pat
	for k, t := range e.F.Ret {
		if k >= nops {
			mapPat[k] = s.Pat[first+k-nops]
		} else {
			mapPat[k] = u.b.Param("unfused", t.ArrayOf(e.W))
		}
		arrs[k] = mapPat[k].Name
	}
	var stms []*ir.Stm
	add := func(pat []ir.Param, x ir.Exp) {
		stms = append(stms, &ir.Stm{Pat: pat, Exp: x, Pos: s.Pos})
	}
	if len(e.F.Ret) > 0 {
		add(mapPat, &ir.Map{W: e.W, Arrs: e.Arrs, F: e.F})
	}
	k, o := 0, 0
	for _, sc := range e.Scans {
		n := len(sc.Neutral)
		add(s.Pat[o:o+n], &ir.Scan{W: e.W, Arrs: arrs[k : k+n], Op: sc.Op, Neutral: sc.Neutral})
		k, o = k+n, o+n
	}
	for _, r := range e.Reds {
		n := len(r.Neutral)
		add(s.Pat[o:o+n], &ir.Reduce{W: e.W, Arrs: arrs[k : k+n], Op: r.Op, Neutral: r.Neutral, Comm: r.Comm})
		k, o = k+n, o+n
	}
	for _, h := range e.Hists {
		n := len(h.Dests)
		add(s.Pat[o:o+n], &ir.Hist{W: e.W, Dests: h.Dests, Op: h.Op, Neutral: h.Neutral, Inds: arrs[k : k+h.Rank], Vals: arrs[k+h.Rank : k+h.Rank+n]})
		k, o = k+h.Rank+n, o+n
	}
	for _, sc := range e.Scatters {
		n := len(sc.Dests)
		add(s.Pat[o:o+n], &ir.Scatter{W: e.W, Dests: sc.Dests, Inds: arrs[k : k+sc.Rank], Vals: arrs[k+sc.Rank : k+sc.Rank+n]})
		k, o = k+sc.Rank+n, o+n
	}
	u.fa.Declare(mapPat...)
	fallible := 0
	for _, t := range stms {
		if u.fa.MayFail(t) {
			fallible++
		}
	}
	if fallible > 1 && u.err == nil {
		u.err = fmt.Errorf("%v: a screma with %d parts that may fail cannot be generated yet", s.Pos, fallible)
	}
	return stms
}
