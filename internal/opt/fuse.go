package opt

import "github.com/fluxion-lang/fluxion/internal/ir"

// Fusion merges SOACs of the same width in one body into one pass over
// their rows (ir.Screma), in two ways:
//
//   - producer-consumer (vertical): a map-like SOAC P whose map outputs a
//     later SOAC C reads as input arrays moves down to C and computes those
//     rows in C's function: map g (map f xs) is map (g . f) xs, reduce op
//     (map f xs) a redomap, likewise into scans, histograms and scatters.
//     Outputs of P that are also read elsewhere stay outputs of the fused
//     SOAC. When P may not move down to C (another result of P is used
//     before C, or a statement between consumes what P reads or may
//     fail), C moves up to P instead, if nothing between defines what C
//     reads.
//   - horizontal: two SOACs that read a common input array and do not
//     depend on each other become one, at the place of either.
//
// Map, Reduce, Scan, Hist and Scatter take part as the Screma with one
// operator that each is; a result that has a simpler form gets it back
// (a fused chain of maps is a Map). Fusion never changes what a program
// computes or which error it fails with first:
//
//   - nothing a moved SOAC reads is consumed by a statement it moves past,
//     no use of its results is moved before it, and a SOAC that may fail
//     moves only past statements that cannot (ir.Facts.MayFail);
//   - at most one of the two fused SOACs may fail (the fused one runs
//     them element by element instead of one after the other), and the
//     fused statement takes the position of that one, whose shape and
//     size errors it reports;
//   - unless two maps fuse into a map, every input is declared with the
//     SOACs' width, so the fused SOAC's size checks pass (their messages
//     name the kind of SOAC);
//   - neither function consumes its parameters other than accumulators,
//     maps that take accumulators fuse only with maps (an accumulator
//     that one map gives and the other takes is threaded through both
//     functions within an element; updates combine in any order), and no
//     histogram or scatter destination of the fused SOAC may share
//     storage with anything the fused SOAC reads.
type fusion struct {
	fa    *ir.Facts
	ns    *ir.NameSource
	uses  map[ir.VName]int
	views map[*ir.Stm]*ir.Screma
	// mapsOnly restricts fusion to map into map (producing a Map): the
	// form simplify uses before AD, which must not see a Screma.
	mapsOnly bool
}

// Fuse is the producer-consumer fusion of a map into a later map that
// reads its results (map g (map f xs) is map (g . f) xs); simplify runs
// it before and after AD. FuseSOACs is the general fusion.
func Fuse(p *ir.Program) (*ir.Program, error) { return fuseProgram(p, true) }

// FuseSOACs fuses maps into maps, reductions, scans, histograms and
// scatters, and SOACs over a common input into each other, making
// Screma statements (see fusion). It runs after AD.
func FuseSOACs(p *ir.Program) (*ir.Program, error) { return fuseProgram(p, false) }

func fuseProgram(p *ir.Program, mapsOnly bool) (*ir.Program, error) {
	return eachFunc(p, func(f *ir.Func) error {
		fu := &fusion{fa: ir.NewFacts(f), ns: ir.BuilderFor(f).Names(), uses: map[ir.VName]int{},
			views: map[*ir.Stm]*ir.Screma{}, mapsOnly: mapsOnly}
		(&ir.Visitor{Use: func(n ir.VName) { fu.uses[n]++ }}).Body(f.Body)
		for _, t := range f.Ret {
			for _, d := range t.Shape {
				if d.IsVar() {
					fu.uses[d.Var]++
				}
			}
		}
		fu.body(f.Body)
		return nil
	})
}

// body fuses in the bodies nested in b's statements, then in b until no
// pair fuses.
func (fu *fusion) body(b *ir.Body) {
	for _, s := range b.Stms {
		for _, nb := range ir.Bodies(s.Exp) {
			if nb != nil {
				fu.body(nb)
			}
		}
	}
	for fu.fuseOnce(b) {
	}
}

// fuseOnce performs the first fusion it finds in b's statements.
func (fu *fusion) fuseOnce(b *ir.Body) bool {
	def := map[ir.VName]int{}
	for i, s := range b.Stms {
		for _, p := range s.Pat {
			def[p.Name] = i
		}
	}
	for j, c := range b.Stms {
		if fu.view(c) == nil {
			continue
		}
		// Producer-consumer: the statements defining c's inputs, nearest first.
		tried := map[int]bool{}
		arrs := fu.view(c).Arrs
		for k := len(arrs) - 1; k >= 0; k-- {
			i, ok := def[arrs[k]]
			if !ok || tried[i] {
				continue
			}
			tried[i] = true
			if s, at := fu.vertical(b.Stms, i, j); s != nil {
				replaceTwo(b, i, j, s, at)
				return true
			}
		}
		if fu.mapsOnly {
			continue
		}
		for i := j - 1; i >= 0; i-- {
			if s, at := fu.horizontal(b.Stms, i, j); s != nil {
				replaceTwo(b, i, j, s, at)
				return true
			}
		}
	}
	return false
}

// replaceTwo puts the statement s that fused b.Stms[i] and b.Stms[j]
// (i < j) at position at, one of the two, and removes the other.
func replaceTwo(b *ir.Body, i, j int, s *ir.Stm, at int) {
	gone := i
	if at == i {
		gone = j
	}
	b.Stms[at] = s
	b.Stms = append(b.Stms[:gone], b.Stms[gone+1:]...)
}

// view returns s's SOAC as a Screma, or nil if it cannot take part in
// fusion. The view of a Reduce, Scan, Hist or Scatter has an identity
// function with fresh parameters; views are made once per statement.
func (fu *fusion) view(s *ir.Stm) *ir.Screma {
	if v, ok := fu.views[s]; ok {
		return v
	}
	v := fu.makeView(s)
	fu.views[s] = v
	return v
}

func (fu *fusion) makeView(s *ir.Stm) *ir.Screma {
	identity := func(w ir.SubExp, arrs []ir.VName) *ir.Lambda {
		l := &ir.Lambda{Body: &ir.Body{}}
		for _, a := range arrs {
			t, ok := fu.fa.Type(a)
			if !ok || !t.IsArray() {
				return nil
			}
			p := ir.Param{Name: fu.ns.Fresh(a), Type: t.Row()}
			fu.fa.Declare(p)
			l.Params = append(l.Params, p)
			l.Ret = append(l.Ret, p.Type)
			l.Body.Result = append(l.Body.Result, ir.Var(p.Name))
		}
		return l
	}
	switch e := s.Exp.(type) {
	case *ir.Map:
		return &ir.Screma{W: e.W, Arrs: e.Arrs, F: e.F}
	}
	if fu.mapsOnly {
		return nil
	}
	var out *ir.Screma
	switch e := s.Exp.(type) {
	case *ir.Screma:
		return e
	case *ir.Reduce:
		out = &ir.Screma{W: e.W, Arrs: e.Arrs, Reds: []ir.RedOp{{Op: e.Op, Neutral: e.Neutral, Comm: e.Comm}}}
	case *ir.Scan:
		out = &ir.Screma{W: e.W, Arrs: e.Arrs, Scans: []ir.ScanOp{{Op: e.Op, Neutral: e.Neutral}}}
	case *ir.Hist:
		out = &ir.Screma{W: e.W, Arrs: append(append([]ir.VName{}, e.Inds...), e.Vals...),
			Hists: []ir.HistOp{{Dests: e.Dests, Rank: len(e.Inds), Op: e.Op, Neutral: e.Neutral}}}
	case *ir.Scatter:
		out = &ir.Screma{W: e.W, Arrs: append(append([]ir.VName{}, e.Inds...), e.Vals...),
			Scatters: []ir.ScatterOp{{Dests: e.Dests, Rank: len(e.Inds)}}}
	default:
		return nil
	}
	if out.F = identity(out.W, out.Arrs); out.F == nil {
		return nil
	}
	return out
}

// reads returns the names s reads, sizes in its pattern included.
func reads(s *ir.Stm) ir.Names {
	r := ir.FreeInExp(s.Exp)
	for _, p := range s.Pat {
		typeVars(r, p.Type)
	}
	return r
}

// usedIn reports whether a statement of stms reads one of pat's names.
func usedIn(stms []*ir.Stm, pat []ir.Param) bool {
	for _, s := range stms {
		r := reads(s)
		for _, p := range pat {
			if r.Has(p.Name) {
				return true
			}
		}
	}
	return false
}

// canMove reports whether s, which reads r, may move past the statements
// between: none of them consumes what s reads, and if s may fail, none
// of them may fail.
func (fu *fusion) canMove(s *ir.Stm, r ir.Names, between []*ir.Stm) bool {
	fails := fu.fa.MayFail(s)
	for _, t := range between {
		if fails && fu.fa.MayFail(t) {
			return false
		}
		for _, c := range fu.fa.Consumes(t) {
			for v := range r {
				if fu.fa.MayAlias(v, c) {
					return false
				}
			}
		}
	}
	return true
}

// compatible reports whether two SOAC statements may become one: the
// same width, at most one of them may fail, and their functions consume
// nothing.
func (fu *fusion) compatible(a, b *ir.Stm) bool {
	va, vb := fu.view(a), fu.view(b)
	if va == nil || vb == nil || !va.W.Equal(vb.W) {
		return false
	}
	// A failing size check names the kind of SOAC in its message: only
	// two maps, which fuse into a map, may have checks that can fail.
	if !(isMap(va) && isMap(vb)) && (!fu.fa.Width(va.W, va.Arrs) || !fu.fa.Width(vb.W, vb.Arrs)) {
		return false
	}
	if fu.fa.MayFail(a) && fu.fa.MayFail(b) {
		return false
	}
	// An accumulator is consumed by every update and passed on; maps that
	// take accumulators fuse only into a map, which threads each one
	// through both functions within an element.
	accs := false
	for _, l := range []*ir.Lambda{va.F, vb.F} {
		for _, p := range l.Params {
			if p.Type.Acc {
				accs = true
				continue
			}
			if fu.fa.MayBeConsumed(p.Name) {
				return false
			}
		}
	}
	return !accs || isMap(va) && isMap(vb)
}

// vertical fuses the producer stms[i] into the consumer stms[j] that
// reads some of its map outputs as inputs; it returns the fused statement
// and where it goes (at j, or at i when the producer's other results are
// used before j and the consumer may move up), or nil.
func (fu *fusion) vertical(stms []*ir.Stm, i, j int) (*ir.Stm, int) {
	p, c := stms[i], stms[j]
	if !fu.compatible(p, c) {
		return nil, 0
	}
	vp, vc := fu.view(p), fu.view(c)
	if fu.mapsOnly && (!isMap(vp) || !isMap(vc)) {
		return nil, 0
	}
	first := len(p.Pat) - (len(vp.F.Ret) - vp.OpResults())
	// The consumer may read the producer's results only as inputs, and
	// only map outputs.
	fromP := map[ir.VName]int{} // map output name -> index among F's results
	for k := first; k < len(p.Pat); k++ {
		fromP[p.Pat[k].Name] = vp.OpResults() + k - first
	}
	inputs := 0
	for _, a := range vc.Arrs {
		if _, ok := fromP[a]; ok {
			inputs++
			continue
		}
		for _, q := range p.Pat {
			if q.Name == a {
				return nil, 0 // a scan, reduce, hist or scatter result
			}
		}
	}
	if inputs == 0 {
		return nil, 0
	}
	rest := &ir.Stm{Pat: c.Pat, Exp: withoutArrs(vc)}
	for _, q := range p.Pat {
		if reads(rest).Has(q.Name) {
			return nil, 0
		}
	}
	between := stms[i+1 : j]
	at := j
	if usedIn(between, p.Pat) || !fu.canMove(p, reads(p), between) {
		if !fu.canMoveUp(c, reads(c), between) {
			return nil, 0
		}
		at = i
	}
	// Map outputs read elsewhere stay outputs.
	keep := map[ir.VName]bool{}
	for _, q := range p.Pat[first:] {
		n := 0
		for _, a := range vc.Arrs {
			if a == q.Name {
				n++
			}
		}
		fu.uses[q.Name] -= n
		keep[q.Name] = fu.uses[q.Name] > 0
	}
	sub := map[ir.VName]ir.SubExp{}
	var arrs []ir.VName
	var params []ir.Param
	shared := map[ir.VName]ir.VName{} // input array -> the fused function's parameter
	for k, a := range vp.Arrs {
		arrs = append(arrs, a)
		params = append(params, vp.F.Params[k])
		shared[a] = vp.F.Params[k].Name
	}
	for k, a := range vc.Arrs {
		q := vc.F.Params[k]
		if r, ok := fromP[a]; ok {
			sub[q.Name] = vp.F.Body.Result[r]
			continue
		}
		if x, ok := shared[a]; ok {
			sub[q.Name] = ir.Var(x)
			continue
		}
		arrs = append(arrs, a)
		params = append(params, q)
		shared[a] = q.Name
	}
	pp := split(vp, p.Pat)
	var mres []ir.SubExp
	var mret []ir.Type
	var mpat []ir.Param
	for k := range pp.mapPat {
		if keep[pp.mapPat[k].Name] {
			mres = append(mres, pp.mapRes[k])
			mret = append(mret, pp.mapRet[k])
			mpat = append(mpat, pp.mapPat[k])
		}
	}
	pp.mapRes, pp.mapRet, pp.mapPat = mres, mret, mpat
	cb := ir.Substitute(vc.F.Body, sub)
	cp := split(&ir.Screma{W: vc.W, Arrs: vc.Arrs, F: &ir.Lambda{Params: vc.F.Params, Body: cb, Ret: vc.F.Ret},
		Scans: vc.Scans, Reds: vc.Reds, Hists: vc.Hists, Scatters: vc.Scatters}, c.Pat)
	stmsF := append(append([]*ir.Stm{}, vp.F.Body.Stms...), cb.Stms...)
	fused := fu.join(vp.W, arrs, params, stmsF, pp, cp, fu.position(p, c))
	if fused == nil {
		return nil, 0
	}
	return fused, at
}

// horizontal fuses stms[i] and stms[j], which share an input array and do
// not depend on each other, at i or at j; it returns the fused statement
// and where it goes, or nil.
func (fu *fusion) horizontal(stms []*ir.Stm, i, j int) (*ir.Stm, int) {
	a, b := stms[i], stms[j]
	if !fu.compatible(a, b) {
		return nil, 0
	}
	va, vb := fu.view(a), fu.view(b)
	common := false
	for _, x := range va.Arrs {
		for _, y := range vb.Arrs {
			common = common || x == y
		}
	}
	if !common {
		return nil, 0
	}
	rb := reads(b)
	for _, q := range a.Pat {
		if rb.Has(q.Name) {
			return nil, 0
		}
	}
	between := stms[i+1 : j]
	at := -1
	switch {
	case !usedIn(between, a.Pat) && fu.canMove(a, reads(a), between):
		at = j
	case fu.canMoveUp(b, rb, between):
		at = i
	default:
		return nil, 0
	}
	sub := map[ir.VName]ir.SubExp{}
	arrs := append([]ir.VName{}, va.Arrs...)
	params := append([]ir.Param{}, va.F.Params...)
	shared := map[ir.VName]ir.VName{}
	for k, x := range va.Arrs {
		shared[x] = va.F.Params[k].Name
	}
	for k, x := range vb.Arrs {
		q := vb.F.Params[k]
		if y, ok := shared[x]; ok {
			sub[q.Name] = ir.Var(y)
			continue
		}
		arrs = append(arrs, x)
		params = append(params, q)
		shared[x] = q.Name
	}
	bb := ir.Substitute(vb.F.Body, sub)
	pa := split(va, a.Pat)
	pb := split(&ir.Screma{W: vb.W, Arrs: vb.Arrs, F: &ir.Lambda{Params: vb.F.Params, Body: bb, Ret: vb.F.Ret},
		Scans: vb.Scans, Reds: vb.Reds, Hists: vb.Hists, Scatters: vb.Scatters}, b.Pat)
	stmsF := append(append([]*ir.Stm{}, va.F.Body.Stms...), bb.Stms...)
	s := fu.join(va.W, arrs, params, stmsF, pa, pb, fu.position(a, b))
	if s == nil {
		return nil, 0
	}
	return s, at
}

// canMoveUp reports whether s, which reads r, may move up before the
// statements between: they define nothing it reads, use nothing it
// consumes (or that shares storage with it), and if s may fail, none of
// them may fail.
func (fu *fusion) canMoveUp(s *ir.Stm, r ir.Names, between []*ir.Stm) bool {
	fails := fu.fa.MayFail(s)
	consumed := fu.fa.Consumes(s)
	for _, t := range between {
		if fails && fu.fa.MayFail(t) {
			return false
		}
		for _, p := range t.Pat {
			if r.Has(p.Name) {
				return false
			}
		}
		for v := range reads(t) {
			for _, c := range consumed {
				if fu.fa.MayAlias(v, c) {
					return false
				}
			}
		}
	}
	return true
}

// position is where a fused statement reports its own errors: at the one
// of the two that may fail, or the consumer.
func (fu *fusion) position(a, b *ir.Stm) ir.Pos {
	if fu.fa.MayFail(a) {
		return a.Pos
	}
	return b.Pos
}

func isMap(e *ir.Screma) bool {
	return len(e.Scans) == 0 && len(e.Reds) == 0 && len(e.Hists) == 0 && len(e.Scatters) == 0
}

// withoutArrs is e without its input arrays and function parameters:
// what of e may not read a producer's results.
func withoutArrs(e *ir.Screma) *ir.Screma {
	c := *e
	c.Arrs = nil
	c.F = &ir.Lambda{Body: e.F.Body, Ret: e.F.Ret}
	return &c
}

// parts is a Screma taken apart by operator kind: the operators, the
// results of the function they take and the statement's results.
type parts struct {
	scans                    []ir.ScanOp
	reds                     []ir.RedOp
	hists                    []ir.HistOp
	scatters                 []ir.ScatterOp
	scanRes, redRes          []ir.SubExp
	histRes, scatRes, mapRes []ir.SubExp
	scanRet, redRet          []ir.Type
	histRet, scatRet, mapRet []ir.Type
	scanPat, redPat          []ir.Param
	histPat, scatPat, mapPat []ir.Param
}

func split(e *ir.Screma, pat []ir.Param) *parts {
	p := &parts{scans: e.Scans, reds: e.Reds, hists: e.Hists, scatters: e.Scatters}
	res, ret := e.F.Body.Result, e.F.Ret
	k, o := 0, 0
	take := func(nres, npat int, r *[]ir.SubExp, t *[]ir.Type, q *[]ir.Param) {
		*r = append(*r, res[k:k+nres]...)
		*t = append(*t, ret[k:k+nres]...)
		*q = append(*q, pat[o:o+npat]...)
		k, o = k+nres, o+npat
	}
	for _, sc := range e.Scans {
		take(len(sc.Neutral), len(sc.Neutral), &p.scanRes, &p.scanRet, &p.scanPat)
	}
	for _, r := range e.Reds {
		take(len(r.Neutral), len(r.Neutral), &p.redRes, &p.redRet, &p.redPat)
	}
	for _, h := range e.Hists {
		take(h.Rank+len(h.Dests), len(h.Dests), &p.histRes, &p.histRet, &p.histPat)
	}
	for _, sc := range e.Scatters {
		take(sc.Rank+len(sc.Dests), len(sc.Dests), &p.scatRes, &p.scatRet, &p.scatPat)
	}
	take(len(res)-k, len(pat)-o, &p.mapRes, &p.mapRet, &p.mapPat)
	return p
}

// join builds the statement of the Screma over arrs whose function has
// the given parameters and statements and computes a's, then b's
// operators and map outputs. It returns nil if a histogram or scatter
// destination may share storage with something the Screma reads.
func (fu *fusion) join(w ir.SubExp, arrs []ir.VName, params []ir.Param, stms []*ir.Stm, a, b *parts, pos ir.Pos) *ir.Stm {
	e := &ir.Screma{W: w, Arrs: arrs,
		Scans: append(append([]ir.ScanOp{}, a.scans...), b.scans...), Reds: append(append([]ir.RedOp{}, a.reds...), b.reds...),
		Hists: append(append([]ir.HistOp{}, a.hists...), b.hists...), Scatters: append(append([]ir.ScatterOp{}, a.scatters...), b.scatters...)}
	var res []ir.SubExp
	var ret []ir.Type
	var pat []ir.Param
	for _, g := range [][2]*parts{{a, b}} {
		for _, q := range g {
			res, ret, pat = append(res, q.scanRes...), append(ret, q.scanRet...), append(pat, q.scanPat...)
		}
		for _, q := range g {
			res, ret, pat = append(res, q.redRes...), append(ret, q.redRet...), append(pat, q.redPat...)
		}
		for _, q := range g {
			res, ret, pat = append(res, q.histRes...), append(ret, q.histRet...), append(pat, q.histPat...)
		}
		for _, q := range g {
			res, ret, pat = append(res, q.scatRes...), append(ret, q.scatRet...), append(pat, q.scatPat...)
		}
		for _, q := range g {
			res, ret, pat = append(res, q.mapRes...), append(ret, q.mapRet...), append(pat, q.mapPat...)
		}
	}
	e.F = &ir.Lambda{Params: params, Body: &ir.Body{Stms: stms, Result: res}, Ret: ret}
	var dests []ir.VName
	for _, h := range e.Hists {
		dests = append(dests, h.Dests...)
	}
	for _, sc := range e.Scatters {
		dests = append(dests, sc.Dests...)
	}
	if len(dests) > 0 {
		r := ir.FreeInExp(withoutDests(e))
		for _, x := range arrs {
			r.Add(x)
		}
		for _, d := range dests {
			for v := range r {
				if fu.fa.MayAlias(v, d) {
					return nil
				}
			}
		}
	}
	return &ir.Stm{Pat: pat, Exp: simplest(e), Pos: pos}
}

// withoutDests is e without its destinations.
func withoutDests(e *ir.Screma) *ir.Screma {
	c := *e
	c.Hists = nil
	for _, h := range e.Hists {
		c.Hists = append(c.Hists, ir.HistOp{Rank: h.Rank, Op: h.Op, Neutral: h.Neutral})
	}
	c.Scatters = nil
	return &c
}

// simplest returns the SOAC e is when it has a simpler form: a Map when
// it has no operators, a Reduce, Scan, Hist or Scatter when it has one
// and its function returns its parameters in order.
func simplest(e *ir.Screma) ir.Exp {
	if isMap(e) {
		return &ir.Map{W: e.W, Arrs: e.Arrs, F: e.F}
	}
	n := len(e.Scans) + len(e.Reds) + len(e.Hists) + len(e.Scatters)
	if n != 1 || len(e.F.Body.Stms) != 0 || len(e.F.Params) != len(e.F.Body.Result) || e.OpResults() != len(e.F.Ret) {
		return e
	}
	for k, p := range e.F.Params {
		if r := e.F.Body.Result[k]; !r.IsVar() || r.Var != p.Name {
			return e
		}
	}
	switch {
	case len(e.Reds) == 1:
		return &ir.Reduce{W: e.W, Arrs: e.Arrs, Op: e.Reds[0].Op, Neutral: e.Reds[0].Neutral, Comm: e.Reds[0].Comm}
	case len(e.Scans) == 1:
		return &ir.Scan{W: e.W, Arrs: e.Arrs, Op: e.Scans[0].Op, Neutral: e.Scans[0].Neutral}
	case len(e.Hists) == 1:
		h := e.Hists[0]
		return &ir.Hist{W: e.W, Dests: h.Dests, Op: h.Op, Neutral: h.Neutral, Inds: e.Arrs[:h.Rank], Vals: e.Arrs[h.Rank:]}
	}
	sc := e.Scatters[0]
	return &ir.Scatter{W: e.W, Dests: sc.Dests, Inds: e.Arrs[:sc.Rank], Vals: e.Arrs[sc.Rank:]}
}
