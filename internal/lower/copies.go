package lower

import "github.com/fluxion-lang/fluxion/internal/ir"

// Copy-on-write for consumed arrays (LANGUAGE.md §10.3).
//
// The lowering translates `a with [i] = v` (and scatter, reduce_by_index,
// loops and maps whose bodies consume a parameter) into IR statements that
// consume their array, so backends update it in place. The source language
// lets a program keep using the array (or an alias of it) afterwards; the
// IR does not. This pass makes such programs correct by inserting a Copy
// right before a consuming statement, and consuming the copy instead,
// whenever
//
//   - the array or an array sharing its storage is used later (in the
//     rest of the body, after an enclosing if, or elsewhere in the same
//     statement, e.g. read inside the loop body that consumes it), or
//   - its storage is not owned where it is consumed: it was defined
//     outside the loop body or lambda doing the consuming (every iteration
//     needs a fresh copy), it is a parameter of a lambda that must not
//     consume anything (reduce, scan, AD operators), or it is a parameter
//     of an internal function (Apply never consumes its arguments).
//
// Arrays that are never used again keep their in-place update.

type cow struct {
	ns    *ir.NameSource
	types map[ir.VName]ir.Type
	// order numbers names in binding order; a name with a number below a
	// scope's start was bound outside that scope.
	order map[ir.VName]int
	seq   int
	// roots[n] lists the names whose storage n shares (n included); users
	// is the inverse, so that the aliases of a name are found quickly.
	roots map[ir.VName][]ir.VName
	users map[ir.VName][]ir.VName
}

// cowScope is the context of one body being rewritten.
type cowScope struct {
	start int                   // names numbered from start on are owned here
	live  func(n ir.VName) bool // used after this body (for if branches)
}

// insertCopies rewrites f in place; internal functions do not own their
// parameters.
func insertCopies(f *ir.Func, ns *ir.NameSource) {
	c := &cow{ns: ns, types: map[ir.VName]ir.Type{}, order: map[ir.VName]int{},
		roots: map[ir.VName][]ir.VName{}, users: map[ir.VName][]ir.VName{}}
	start := c.seq + 1
	for _, p := range f.Params {
		c.bind(p)
	}
	if f.Internal {
		start = c.seq + 1
	}
	f.Body, _ = c.body(f.Body, &cowScope{start: start})
}

func (c *cow) bind(p ir.Param) {
	c.seq++
	c.order[p.Name] = c.seq
	c.types[p.Name] = p.Type
}

func (c *cow) rootsOf(n ir.VName) []ir.VName {
	if r, ok := c.roots[n]; ok {
		return r
	}
	return []ir.VName{n}
}

// alias records that n shares the storage of srcs (and their roots).
func (c *cow) alias(n ir.VName, srcs []ir.VName) {
	rs := []ir.VName{n}
	seen := ir.Names{}
	seen.Add(n)
	for _, s := range srcs {
		for _, r := range c.rootsOf(s) {
			if !seen.Has(r) {
				seen.Add(r)
				rs = append(rs, r)
				c.users[r] = append(c.users[r], n)
			}
		}
	}
	c.roots[n] = rs
}

// aliases lists n and every name known to share storage with it.
func (c *cow) aliases(n ir.VName) []ir.VName {
	var out []ir.VName
	seen := ir.Names{}
	add := func(m ir.VName) {
		if !seen.Has(m) {
			seen.Add(m)
			out = append(out, m)
		}
	}
	for _, r := range c.rootsOf(n) {
		add(r)
		for _, u := range c.users[r] {
			add(u)
		}
	}
	return out
}

// owned reports whether every part of n's storage was bound in sc.
func (c *cow) owned(n ir.VName, sc *cowScope) bool {
	for _, r := range c.rootsOf(n) {
		if c.order[r] < sc.start {
			return false
		}
	}
	return true
}

// body rewrites b and returns it with the storage roots it consumes.
func (c *cow) body(b *ir.Body, sc *cowScope) (*ir.Body, ir.Names) {
	lastUse := map[ir.VName]int{}
	for j, s := range b.Stms {
		(&ir.Visitor{Use: func(n ir.VName) { lastUse[n] = j }}).Stm(s)
	}
	for _, r := range b.Result {
		if r.IsVar() {
			lastUse[r.Var] = len(b.Stms)
		}
	}
	liveAfter := func(n ir.VName, i int) bool {
		if j, ok := lastUse[n]; ok && j > i {
			return true
		}
		return sc.live != nil && sc.live(n)
	}
	consumed := ir.Names{}
	out := make([]*ir.Stm, 0, len(b.Stms))
	for i, s := range b.Stms {
		slots, srcs := c.nested(s, i, sc, liveAfter, consumed)
		if len(slots) > 0 {
			uses := map[ir.VName]int{}
			(&ir.Visitor{Use: func(n ir.VName) { uses[n]++ }}).Stm(s)
			for _, sl := range slots {
				uses[*sl]--
			}
			for _, sl := range slots {
				x := *sl
				need := !c.owned(x, sc)
				for _, a := range c.aliases(x) {
					need = need || uses[a] > 0 || liveAfter(a, i)
				}
				if need {
					cp := c.ns.Fresh(x)
					p := ir.Param{Name: cp, Type: c.types[x]}
					out = append(out, &ir.Stm{Pat: []ir.Param{p}, Exp: &ir.Copy{Arr: x}, Pos: s.Pos})
					c.bind(p)
					*sl = cp
					x = cp
				}
				for _, r := range c.rootsOf(x) {
					consumed.Add(r)
				}
			}
		}
		out = append(out, s)
		for k, p := range s.Pat {
			c.bind(p)
			if k < len(srcs) && len(srcs[k]) > 0 && !p.Type.IsScalar() {
				c.alias(p.Name, srcs[k])
			}
		}
	}
	return &ir.Body{Stms: out, Result: b.Result}, consumed
}

// nested rewrites the bodies and lambdas of statement i of the current
// body and returns the operands s consumes (as pointers, so that a copy
// can take their place) and, per result, the names it may share storage
// with. Roots consumed by if branches are added to consumed.
func (c *cow) nested(s *ir.Stm, i int, sc *cowScope, liveAfter func(ir.VName, int) bool, consumed ir.Names) (slots []*ir.VName, srcs [][]ir.VName) {
	switch e := s.Exp.(type) {
	case *ir.Update:
		slots = []*ir.VName{&e.Arr}
	case *ir.Scatter:
		for k := range e.Dests {
			slots = append(slots, &e.Dests[k])
		}
	case *ir.Hist:
		for k := range e.Dests {
			slots = append(slots, &e.Dests[k])
		}
		c.pure(e.Op)
	case *ir.WithAcc:
		// Accumulators only come from the AD passes; their inputs are
		// consumed like any destination.
		for k := range e.Inputs {
			slots = append(slots, &e.Inputs[k].Arr)
		}
	case *ir.If:
		branch := &cowScope{start: sc.start, live: func(n ir.VName) bool { return liveAfter(n, i) }}
		var ct, ce ir.Names
		e.Then, ct = c.body(e.Then, branch)
		e.Else, ce = c.body(e.Else, branch)
		for _, cs := range []ir.Names{ct, ce} {
			for n := range cs {
				consumed.Add(n)
			}
		}
	case *ir.Loop:
		start := c.seq + 1
		if f, ok := e.Form.(*ir.For); ok {
			c.bind(ir.Param{Name: f.I, Type: ir.Scalar(f.T)})
		}
		for _, p := range e.Params {
			c.bind(p)
		}
		var used ir.Names
		e.Body, used = c.body(e.Body, &cowScope{start: start})
		for k, p := range e.Params {
			if init := e.Init[k]; init.IsVar() && used.Has(p.Name) {
				slots = append(slots, &e.Init[k].Var)
			}
			r := e.Body.Result[k]
			if !r.IsVar() {
				continue
			}
			outside := false
			for _, root := range c.rootsOf(r.Var) {
				if c.order[root] < start {
					outside = true
				}
			}
			// A consumed parameter is updated in place in the next
			// iteration, so it must not receive storage from outside.
			if outside && used.Has(p.Name) {
				cp := c.ns.Fresh(r.Var)
				cpp := ir.Param{Name: cp, Type: c.types[r.Var]}
				e.Body.Stms = append(e.Body.Stms, &ir.Stm{Pat: []ir.Param{cpp}, Exp: &ir.Copy{Arr: r.Var}, Pos: s.Pos})
				c.bind(cpp)
				e.Body.Result[k] = ir.Var(cp)
			}
		}
	case *ir.Map:
		start := c.seq + 1
		for _, p := range e.F.Params {
			c.bind(p)
		}
		var used ir.Names
		e.F.Body, used = c.body(e.F.Body, &cowScope{start: start})
		for k, p := range e.F.Params {
			if used.Has(p.Name) && k < len(e.Arrs) {
				slots = append(slots, &e.Arrs[k])
			}
		}
	case *ir.Reduce:
		c.pure(e.Op)
	case *ir.Scan:
		c.pure(e.Op)
	case *ir.JVP:
		c.pure(e.F)
	case *ir.VJP:
		c.pure(e.F)
	case *ir.WithVJP:
		c.pure(e.F)
		c.pure(e.Rule)
	}
	return slots, ir.AliasSources(s)
}

// pure rewrites a lambda that may consume nothing, not even its
// parameters (they may be views of arrays still in use).
func (c *cow) pure(l *ir.Lambda) {
	if l == nil {
		return
	}
	for _, p := range l.Params {
		c.bind(p)
	}
	l.Body, _ = c.body(l.Body, &cowScope{start: c.seq + 1})
}
