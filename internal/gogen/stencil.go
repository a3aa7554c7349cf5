package gogen

import (
	"fmt"

	"github.com/fluxion-lang/fluxion/internal/ir"
)

// Stencil groups: maps of one width in a row of statements, each reading
// the earlier ones' results either at its own index or, through a
// rotation by one, at the index before it (rotate -1) or after it
// (rotate 1), always the same one of the two. An RK4 step of y' = F(y)
// whose F_i reads y_{i-1} is such a row (each stage reads the state the
// stage before made, shifted by one), and so is its adjoint (each stage's
// adjoint reads the next one's, shifted the other way).
//
// Run one map after another, the row reads and writes an array per
// result; run as one loop, element i of every map comes after element
// i-1 of all of them (i+1, going down for rotate 1), so the rotated
// reads are the values the loop computed one step before, kept in Go
// variables, and only the results read after the group are stored.
//
// A parallel chunk [lo, hi) first runs warm steps on the elements before
// it (wrapping around, as the rotation does) without storing anything:
// after k such steps, a map that depends on k-1 shifted reads has its
// value at lo-1 right. The maps' functions cannot fail (the values of
// the first warm steps are garbage) and are cheap scalar code; every
// element is computed by the same operations as unfused, so the results
// are the same bits, on any number of cores.
type stencilGroup struct {
	w    ir.SubExp
	maps []*ir.Stm
	// pre: rotations of arrays from before the group, bound first;
	// post: rotations of its results that something after it reads.
	pre, post []*ir.Stm
	// lag: the rotations by one of the group's results that only the
	// group's maps read, to the result they rotate.
	lag map[ir.VName]ir.VName
	// lagged: results read through a rotation (their previous value is
	// carried); out: the group's results, in order; keep: those stored.
	lagged map[ir.VName]bool
	out    []ir.VName
	keep   map[ir.VName]bool
	down   bool // rotate 1: the loop runs from the last element
	warm   int  // warm steps per chunk
	next   int  // the index of the statement after the group
}

// stencilMap reports whether the map of s may be part of a stencil
// group of width w: scalars in and out, a cheap function that cannot
// fail, results of width w.
func stencilMap(s *ir.Stm, w ir.SubExp) (*ir.Map, bool) {
	m, ok := s.Exp.(*ir.Map)
	if !ok || !w.IsNone() && !m.W.Equal(w) || len(m.Arrs) != len(m.F.Params) || len(s.Pat) != len(m.F.Ret) {
		return nil, false
	}
	for _, p := range m.F.Params {
		if !p.Type.IsScalar() || p.Type.Acc {
			return nil, false
		}
	}
	for k, t := range m.F.Ret {
		pt := s.Pat[k].Type
		if !t.IsScalar() || t.Acc || pt.Rank() != 1 || !pt.Shape[0].IsNone() && !pt.Shape[0].Equal(m.W) {
			return nil, false
		}
	}
	if heavy(m.F.Body) || !ir.CannotFail(m.F) {
		return nil, false
	}
	return m, true
}

// stencil returns the stencil group starting at stms[i], or nil.
func (g *gen) stencil(stms []*ir.Stm, i int) *stencilGroup {
	first, ok := stencilMap(stms[i], ir.SubExp{})
	if !ok {
		return nil
	}
	grp := &stencilGroup{w: first.W, lag: map[ir.VName]ir.VName{}, lagged: map[ir.VName]bool{}, keep: map[ir.VName]bool{}}
	result := map[ir.VName]bool{}  // the group's results so far
	derived := map[ir.VName]bool{} // rotations of them (lag or not)
	dir := 0                       // the rotation the group reads by: -1 or 1
	shift := map[ir.VName]int{}    // rotation by one of a result: its amount
	var cand []*ir.Stm             // rotations of results seen so far
	last := -1
	var pre []*ir.Stm
	for j := i; j < len(stms); j++ {
		s := stms[j]
		if r, ok := s.Exp.(*ir.Rotate); ok && len(s.Pat) == 1 && s.Pat[0].Type.Rank() == 1 {
			switch {
			case result[r.Arr]:
				derived[s.Pat[0].Name] = true
				if r.R.IsConst && (r.R.Const.Int() == 1 || r.R.Const.Int() == -1) {
					shift[s.Pat[0].Name] = int(r.R.Const.Int())
				}
				cand = append(cand, s)
			case derived[r.Arr]:
				derived[s.Pat[0].Name] = true
				cand = append(cand, s)
			default:
				pre = append(pre, s)
			}
			continue
		}
		m, ok := stencilMap(s, grp.w)
		if !ok || readsAny(ir.FreeInLambda(m.F), result, derived) {
			break
		}
		// Every rotated read of the group's results must go the group's
		// way (the first such read fixes it).
		fits, want := true, dir
		for _, a := range m.Arrs {
			if derived[a] {
				d, ok := shift[a]
				if !ok || want != 0 && d != want {
					fits = false
					break
				}
				want = d
			}
		}
		if !fits {
			break
		}
		dir = want
		grp.maps = append(grp.maps, s)
		for _, p := range s.Pat {
			result[p.Name] = true
			grp.out = append(grp.out, p.Name)
		}
		last = j
	}
	if len(grp.maps) < 2 || dir == 0 {
		return nil
	}
	grp.next = last + 1
	grp.down = dir == 1
	// Only the statements up to the last map belong to the group; the
	// rotations among them of arrays from before it are bound first.
	for _, s := range pre {
		if g.stmIndex(stms, s) < grp.next {
			grp.pre = append(grp.pre, s)
		}
	}
	// Reads of each result and rotation by the group's maps.
	inGroup := map[ir.VName]int{}
	for _, s := range grp.maps {
		for _, a := range s.Exp.(*ir.Map).Arrs {
			inGroup[a]++
		}
	}
	owned := map[ir.VName]int{} // rotations the group makes moot, per result
	for _, s := range cand {
		if g.stmIndex(stms, s) >= grp.next {
			continue
		}
		r := s.Exp.(*ir.Rotate)
		name := s.Pat[0].Name
		_, isShift := shift[name]
		d := s.Pat[0].Type.Shape[0]
		if isShift && result[r.Arr] && g.used[name] == inGroup[name] && (d.IsNone() || d.Equal(grp.w)) {
			grp.lag[name] = r.Arr
			grp.lagged[r.Arr] = true
			owned[r.Arr]++
			continue
		}
		grp.post = append(grp.post, s)
		if inGroup[name] > 0 {
			grp.lagged[r.Arr] = true
		}
	}
	for _, o := range grp.out {
		if g.used[o] > inGroup[o]+owned[o] {
			grp.keep[o] = true
		}
	}
	// Each map's lag: how many shifted reads its value depends on.
	depth := map[ir.VName]int{}
	for _, s := range grp.maps {
		dep := 0
		for _, a := range s.Exp.(*ir.Map).Arrs {
			if src, ok := grp.lag[a]; ok {
				dep = max(dep, depth[src]+1)
			} else if src, ok := g.rotSource(grp, a); ok {
				dep = max(dep, depth[src]+1)
			} else if result[a] {
				dep = max(dep, depth[a])
			}
		}
		for _, p := range s.Pat {
			depth[p.Name] = dep
		}
	}
	for o := range grp.lagged {
		grp.warm = max(grp.warm, depth[o]+1)
	}
	return grp
}

// readsAny reports whether free holds a name of one of the sets.
func readsAny(free ir.Names, sets ...map[ir.VName]bool) bool {
	for v := range free {
		for _, set := range sets {
			if set[v] {
				return true
			}
		}
	}
	return false
}

// rotSource is the result a rotation among the group's post statements
// rotates by one, for a map of the group that reads it.
func (g *gen) rotSource(grp *stencilGroup, a ir.VName) (ir.VName, bool) {
	for _, s := range grp.post {
		if s.Pat[0].Name == a {
			r := s.Exp.(*ir.Rotate)
			if r.R.IsConst && (r.R.Const.Int() == 1 || r.R.Const.Int() == -1) {
				return r.Arr, true
			}
		}
	}
	return ir.VName{}, false
}

// stmIndex is the position of s in stms.
func (g *gen) stmIndex(stms []*ir.Stm, s *ir.Stm) int {
	for k, t := range stms {
		if t == s {
			return k
		}
	}
	return -1
}

// stencilGen emits the group.
func (g *gen) stencilGen(grp *stencilGroup) error {
	for _, s := range grp.pre {
		if err := g.stm(s); err != nil {
			return err
		}
	}
	dir := "up"
	if grp.down {
		dir = "down"
	}
	g.p("// A stencil group of %d maps, going %s, %d warm steps per chunk.", len(grp.maps), dir, grp.warm)
	n := g.fresh("n")
	g.p("%s := %s", n, g.i64(grp.w))
	isResult := map[ir.VName]bool{}
	for _, o := range grp.out {
		isResult[o] = true
	}
	inside := func(a ir.VName) bool {
		if isResult[a] {
			return true
		}
		if _, ok := grp.lag[a]; ok {
			return true
		}
		_, ok := g.rotSource(grp, a)
		return ok
	}
	for _, s := range grp.maps {
		m := s.Exp.(*ir.Map)
		g.widths(posLit(s.Pos), "map", n, m.W, m.Arrs, func(k int) bool { return inside(m.Arrs[k]) })
	}
	var kept []ir.Param
	for _, s := range grp.maps {
		for _, p := range s.Pat {
			if grp.keep[p.Name] {
				kept = append(kept, p)
			}
		}
	}
	g.declare(kept)
	for _, p := range kept {
		g.assignNewArray(ident(p.Name), p, []string{g.i64(grp.w)}, false)
	}
	par := g.depth == 0
	lo, hi := "int64(0)", n
	if par {
		g.open(fmt.Sprintf("parFor(%s, 1024, func(lo, hi int64) {", n))
		g.depth++
		g.workers = append(g.workers, g.openWorker())
		lo, hi = "lo", "hi"
	} else {
		g.open("{")
	}
	prev := map[ir.VName]string{}
	for _, s := range grp.maps {
		for _, p := range s.Pat {
			if grp.lagged[p.Name] {
				v := g.fresh("prev")
				prev[p.Name] = v
				g.p("var %s %s", v, goScalar(p.Type.Elem))
				g.p("_ = %s", v)
			}
		}
	}
	i := g.fresh("i")
	// The main loop slices the arrays from before the group and the
	// stored results to the chunk (rangeLoopDir), so that their data is
	// read from locals and Go checks no bound per element.
	var ins []ir.VName
	seen := map[ir.VName]bool{}
	for _, s := range grp.maps {
		for _, a := range s.Exp.(*ir.Map).Arrs {
			if !inside(a) && !seen[a] && g.types[a].Rank() == 1 {
				seen[a] = true
				ins = append(ins, a)
			}
		}
	}
	var outs []string
	for _, p := range kept {
		outs = append(outs, ident(p.Name))
	}
	var stores []string // the element of each kept result, in the main loop
	step := func(store bool) error {
		cur := map[ir.VName]string{}
		for _, s := range grp.maps {
			m := s.Exp.(*ir.Map)
			args := make([]string, len(m.Arrs))
			for k, a := range m.Arrs {
				switch {
				case isResult[a]:
					args[k] = cur[a]
				case !grp.lag[a].IsZero():
					args[k] = prev[grp.lag[a]]
				default:
					if src, ok := g.rotSource(grp, a); ok {
						args[k] = prev[src]
					} else {
						args[k] = g.elemArg(a, m.F.Params[k], i)
					}
				}
			}
			dst := make([]string, len(s.Pat))
			for k, p := range s.Pat {
				dst[k] = g.fresh("cur")
				cur[p.Name] = dst[k]
				g.p("var %s %s", dst[k], goScalar(p.Type.Elem))
			}
			if err := g.apply(m.F, args, dst); err != nil {
				return err
			}
		}
		k := 0
		for _, o := range grp.out {
			if store && grp.keep[o] {
				g.p("%s = %s", stores[k], cur[o])
				k++
			}
			if grp.lagged[o] {
				g.p("%s = %s", prev[o], cur[o])
			}
		}
		return nil
	}
	// The warm steps, on the elements before the chunk (after it, going
	// down), wrapped around as the rotation does.
	g.open(fmt.Sprintf("if %s < %s {", lo, hi))
	w := g.fresh("w")
	g.open(fmt.Sprintf("for %s := int64(%d); %s > 0; %s-- {", w, grp.warm, w, w))
	if grp.down {
		g.p("%s := %s - 1 + %s", i, hi, w)
		g.p("if %s >= %s {", i, n)
		g.p("%s %%= %s", i, n)
		g.p("}")
	} else {
		g.p("%s := %s - %s", i, lo, w)
		g.p("if %s < 0 {", i)
		g.p("%s = (%s%%%s + %s) %% %s", i, i, n, n, n)
		g.p("}")
	}
	if err := step(false); err != nil {
		return err
	}
	g.close("}")
	g.close("}")
	stores = g.rangeLoopDir(i, lo, hi, ins, outs, grp.down)
	if err := step(true); err != nil {
		return err
	}
	g.closeRangeLoop(i)
	if par {
		g.closeWorker(g.workers[len(g.workers)-1])
		g.workers = g.workers[:len(g.workers)-1]
		g.depth--
		g.close("})")
	} else {
		g.close("}")
	}
	g.declareDone(kept)
	for _, s := range grp.post {
		if err := g.stm(s); err != nil {
			return err
		}
	}
	return nil
}
