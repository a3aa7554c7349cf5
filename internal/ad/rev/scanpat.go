package rev

import (
	"github.com/fluxion-lang/fluxion/internal/ir"
	"github.com/fluxion-lang/fluxion/internal/opt"
	"github.com/fluxion-lang/fluxion/internal/prim"
)

// Jacobian patterns of scan operators (seed 003, section 7.4; AD-NOTES
// "scan generic ... Special cases").
//
// The return sweep of ys = scan op ne as solves
//
//	r[n-1] = ys'[n-1],   r[i] = ys'[i] + M_i r[i+1],   M_i = J_i^T,
//
// where J_i[c][a] = d(x op y)_c / d x_a at x = ys[i], y = as[i+1] is the
// Jacobian of the operator with respect to its FIRST argument, and then
// as'[i] += (d(ys[i-1] op a)/da at a = as[i])^T r[i] (scan.go).
//
// Separability. Let the components 0..k-1 be split into groups such that
// J[c][a] is identically zero whenever c and a lie in different groups.
// Rows and columns of J are indexed by the same components (x and x op y
// have the same tuple type), so under one permutation every M_i is block
// diagonal with a square block per group, and so is every product of
// them. The recurrence therefore splits: r_G[i] = ys'_G[i] + M_{i,G}
// r_G[i+1] involves only the components of group G, one independent
// linear recurrence (one scan composing q x q affine maps) per group. The
// grouping must be by the UNDIRECTED relation "J[c][a] may be non-zero":
// such an entry makes r_a read r_c, so c and a must share a scan, and the
// groups are the connected components of that graph (not necessarily
// contiguous: the 2x2 matrix product y x taken the other way round couples
// components {0,2} and {1,3}).
//
// The second argument does not matter. It enters the recurrence only
// through the VALUES of the J_i, which are computed at run time whatever
// they are, and the final map, which is kept whole: it applies the vjp of
// the entire operator with respect to a to the entire vector r[i], so
// however result c depends on the components of as[i], the adjoints of as
// come out right. Requiring the groups to be closed in both arguments
// would be needed only to split the primal scan or the final map into
// independent scans, which this rule does not do; it would miss operators
// such as affine-map composition (d1, c1) op (d2, c2) = (d2 + c2*d1,
// c2*c1), whose first-argument Jacobian is diag(c2, c2) even though result
// 0 reads c2 from the second argument.
//
// Structural zeros come from two sound analyses, an entry being zero if
// either proves it: (1) dependency: result c does not depend on parameter
// a at all (through the lambda's statements, a nested construct depending
// on all its free variables), and components of different types exchange
// no adjoint; (2) the Jacobian code (vjp of op for each unit seed) is
// built as a small function of the operator's free variables and its 2k
// parameters and simplified by internal/opt; an entry that folds to the
// constant zero is zero. (1) does not rely on the simplifier, which keeps
// a float 0 * x that reaches the Jacobian code (it is NaN for x = inf),
// and still works when the Jacobian cannot be built; (2) finds zeros
// that a dependency exists for (x - x for integers, a value read only by
// the condition of an if). The structural-zero convention is
// the thesis's: where the generic rule would multiply NaN or inf by an
// exact zero seed, the pattern rules give 0.
//
// Equal blocks. The simplified Jacobian also decides which blocks are
// equal: after copy propagation and CSE, two entries that are the same
// name or the same constant are the same function of the inputs. Groups
// of one size whose blocks (components in ascending order) agree entry by
// entry form a class, and a class needs one q x q matrix per element, not
// one per group (MatrixMul). Two kinds of block need no matrix at all: the
// identity (r_c is the suffix sum of ys'_c, as for scan (+)), and zero
// (r_c = ys'_c).
//
// Patterns: Generic when the components form a single coupled group;
// MatrixMul when there are several groups and all of them form one class
// of non-trivial blocks; ZeroQuad otherwise (each class its own scan; all
// singleton classes is the thesis's ZeroQuad, blocks of different sizes
// its suggested extension in section 11.1).

// scanPatKind is the Jacobian pattern a scan's return sweep uses.
type scanPatKind int

const (
	patGeneric scanPatKind = iota
	patZeroQuad
	patMatrixMul
)

func (k scanPatKind) String() string {
	switch k {
	case patZeroQuad:
		return "ZeroQuad"
	case patMatrixMul:
		return "MatrixMul"
	}
	return "Generic"
}

// blockKind says what a class of equal blocks needs at run time.
type blockKind int

const (
	blockMatrix   blockKind = iota // a q x q matrix per element
	blockIdentity                  // none: suffix sums
	blockZero                      // none: r = ys'
)

// scanClass is a set of groups with equal Jacobian blocks, handled by one
// scan (or none).
type scanClass struct {
	Groups [][]int // the member groups, each of size Q, components ascending
	Q      int
	Kind   blockKind
}

// scanPattern is the block structure of a scan operator's first-argument
// Jacobian.
type scanPattern struct {
	Kind    scanPatKind
	K       int
	Groups  [][]int // independent groups, ordered by their first component
	Classes []scanClass
}

// Q is the size of the largest block.
func (p scanPattern) Q() int {
	q := 0
	for _, g := range p.Groups {
		q = max(q, len(g))
	}
	return q
}

// scanPatternSeen, when set (by tests), receives the pattern of every
// scan whose return sweep is emitted.
var scanPatternSeen func(scanPattern)

// genericScanPattern is the generic rule: one k x k block.
func genericScanPattern(k int) scanPattern {
	g := make([]int, k)
	for c := range g {
		g[c] = c
	}
	return scanPattern{Kind: patGeneric, K: k, Groups: [][]int{g}, Classes: []scanClass{{Groups: [][]int{g}, Q: k, Kind: blockMatrix}}}
}

// detectScanPattern finds the Jacobian pattern of op, a scan operator on
// k-tuples of scalars (2k parameters, k results). b must know the types of
// op's free variables; nothing is added to its statements.
func detectScanPattern(b *ir.Builder, op *ir.Lambda) scanPattern {
	k := len(op.Ret)
	if len(op.Params) != 2*k || len(op.Body.Result) != k {
		return genericScanPattern(k)
	}
	ets := make([]prim.Type, k)
	for c, t := range op.Ret {
		if !t.IsScalar() {
			return genericScanPattern(k)
		}
		ets[c] = t.Elem
	}
	// nz[c][a]: J[c][a] may be non-zero.
	nz := firstArgDeps(op, k)
	ents, known := jacobianEntries(b, op, k)
	for c := 0; c < k; c++ {
		for a := 0; a < k; a++ {
			if ets[c] != ets[a] || known && isZero(ents[c*k+a]) {
				nz[c][a] = false
			}
		}
	}
	groups := components(nz)
	// block(g)[x][y] = M[g[x]][g[y]] = J[g[y]][g[x]], zero where nz says so.
	block := func(g []int) []ir.SubExp {
		out := make([]ir.SubExp, 0, len(g)*len(g))
		for _, cx := range g {
			for _, cy := range g {
				e := zeroOf(ets[cx])
				if nz[cy][cx] {
					e = ir.SubExp{} // unknown without the simplified entries
					if known {
						e = ents[cy*k+cx]
					}
				}
				out = append(out, e)
			}
		}
		return out
	}
	var classes []scanClass
	var reps [][]ir.SubExp // each class's block
	for _, g := range groups {
		blk := block(g)
		kind := blockMatrix
		switch {
		case allZero(blk):
			kind = blockZero
		case known && isIdentity(blk, len(g)):
			kind = blockIdentity
		}
		placed := false
		for ci := range classes {
			cl := &classes[ci]
			if cl.Q == len(g) && cl.Kind == kind && sameTypes(ets, cl.Groups[0], g) && sameBlock(reps[ci], blk) {
				cl.Groups = append(cl.Groups, g)
				placed = true
				break
			}
		}
		if !placed {
			classes = append(classes, scanClass{Groups: [][]int{g}, Q: len(g), Kind: kind})
			reps = append(reps, blk)
		}
	}
	p := scanPattern{Kind: patZeroQuad, K: k, Groups: groups, Classes: classes}
	switch {
	case len(groups) == 1 && classes[0].Kind == blockMatrix:
		p.Kind = patGeneric
	case len(groups) > 1 && len(classes) == 1 && classes[0].Kind == blockMatrix:
		p.Kind = patMatrixMul
	}
	return p
}

// firstArgDeps reports, for each result c of op, which of its first k
// parameters a it may depend on: a statement depends on everything its
// expression reads (all free variables of a nested construct) and on the
// sizes in its pattern's types.
func firstArgDeps(op *ir.Lambda, k int) [][]bool {
	deps := map[ir.VName][]bool{}
	for a := 0; a < k; a++ {
		d := make([]bool, k)
		d[a] = true
		deps[op.Params[a].Name] = d
	}
	for _, s := range op.Body.Stms {
		reads := ir.FreeInExp(s.Exp)
		for _, p := range s.Pat {
			for _, d := range p.Type.Shape {
				if d.IsVar() {
					reads.Add(d.Var)
				}
			}
		}
		d := make([]bool, k)
		for n := range reads {
			for a, on := range deps[n] {
				d[a] = d[a] || on
			}
		}
		for _, p := range s.Pat {
			deps[p.Name] = d
		}
	}
	out := make([][]bool, k)
	for c, res := range op.Body.Result {
		out[c] = make([]bool, k)
		if res.IsVar() {
			copy(out[c], deps[res.Var])
		}
	}
	return out
}

// jacobianEntries builds the first-argument Jacobian of op as a function
// of op's free variables (and the sizes in their types) and its 2k
// parameters, returning J[c][a] at index c*k+a, simplifies it with
// internal/opt and returns the simplified results: constants, parameters
// or names bound in the simplified body, which only matter for being
// compared with each other. ok is false if anything fails.
func jacobianEntries(b *ir.Builder, op *ir.Lambda, k int) (ents []ir.SubExp, ok bool) {
	defer func() {
		if recover() != nil {
			ents, ok = nil, false
		}
	}()
	jb := b.Sub()
	var params []ir.Param
	seen := ir.Names{}
	var addFree func(n ir.VName)
	addFree = func(n ir.VName) {
		if seen.Has(n) {
			return
		}
		seen.Add(n)
		t, known := b.TypeOf(n)
		if !known {
			t = ir.Scalar(prim.I64) // a size
		}
		for _, d := range t.Shape {
			if d.IsVar() {
				addFree(d.Var)
			}
		}
		params = append(params, ir.Param{Name: n, Type: t})
	}
	for _, n := range ir.FreeInLambda(op).Sorted() {
		addFree(n)
	}
	var args []ir.SubExp
	for _, p := range op.Params {
		q := jb.Param(p.Name.Base, p.Type)
		params = append(params, q)
		args = append(args, ir.Var(q.Name))
	}
	ents = make([]ir.SubExp, k*k)
	rets := make([]ir.Type, k*k)
	for c := 0; c < k; c++ {
		adj := vjpOf(jb, op, args, unitSeed(op, c))
		for a := 0; a < k; a++ {
			ents[c*k+a] = adj[a]
			rets[c*k+a] = op.Params[a].Type
		}
	}
	fn := &ir.Func{Name: "jacobian", Params: params, Ret: rets, Body: jb.Body(ents...)}
	q, err := opt.Simplify(&ir.Program{Funcs: []*ir.Func{fn}})
	if err != nil || len(q.Funcs) != 1 || len(q.Funcs[0].Body.Result) != k*k {
		return nil, false
	}
	return q.Funcs[0].Body.Result, true
}

// unitSeed is the adjoint of op's results that is one at result c and
// zero elsewhere.
func unitSeed(op *ir.Lambda, c int) []ir.SubExp {
	seed := make([]ir.SubExp, len(op.Ret))
	for i, t := range op.Ret {
		seed[i] = zeroOf(t.Elem)
		if i == c {
			seed[i] = oneOf(t.Elem)
		}
	}
	return seed
}

// components groups 0..k-1 into the connected components of the graph
// with an edge between c and a when nz[c][a]; groups are listed by their
// smallest member, members ascending.
func components(nz [][]bool) [][]int {
	k := len(nz)
	parent := make([]int, k)
	for i := range parent {
		parent[i] = i
	}
	var find func(int) int
	find = func(i int) int {
		if parent[i] != i {
			parent[i] = find(parent[i])
		}
		return parent[i]
	}
	for c := 0; c < k; c++ {
		for a := 0; a < k; a++ {
			if nz[c][a] {
				rc, ra := find(c), find(a)
				if rc != ra {
					parent[max(rc, ra)] = min(rc, ra)
				}
			}
		}
	}
	var groups [][]int
	index := map[int]int{}
	for c := 0; c < k; c++ {
		root := find(c)
		gi, ok := index[root]
		if !ok {
			gi = len(groups)
			index[root] = gi
			groups = append(groups, nil)
		}
		groups[gi] = append(groups[gi], c)
	}
	return groups
}

func allZero(blk []ir.SubExp) bool {
	for _, e := range blk {
		if !isZero(e) {
			return false
		}
	}
	return true
}

// isIdentity reports whether the q x q block is the constant identity.
func isIdentity(blk []ir.SubExp, q int) bool {
	for x := 0; x < q; x++ {
		for y := 0; y < q; y++ {
			e := blk[x*q+y]
			if x != y && !isZero(e) {
				return false
			}
			if x == y && !(e.IsConst && e.Const == oneOf(e.Const.Type()).Const) {
				return false
			}
		}
	}
	return true
}

// sameBlock reports whether two blocks are entrywise the same name or
// constant; an unknown entry equals nothing.
func sameBlock(x, y []ir.SubExp) bool {
	if len(x) != len(y) {
		return false
	}
	for i := range x {
		if x[i].IsNone() || !x[i].Equal(y[i]) {
			return false
		}
	}
	return true
}

func sameTypes(ets []prim.Type, g, h []int) bool {
	for i := range g {
		if ets[g[i]] != ets[h[i]] {
			return false
		}
	}
	return true
}
