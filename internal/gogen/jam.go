package gogen

import (
	"fmt"

	"github.com/fluxion-lang/fluxion/internal/ir"
)

// Unroll-and-jam of a sequential Screma over rows whose element is one
// reduction over the row's elements: kmeans' distances of a point to
// every centroid (a minimum of sums), a matrix times a vector (a map of
// sums). Four rows at a time, the inner loop runs once for all four:
// an element of an array every row reads (the point, the vector) is
// loaded once for four uses, the four inner reductions are independent
// chains (each in the sequential order of its own elements), and the
// loop's overhead is paid once for four rows. The outer results are then
// taken in row order, so the outer reduction folds exactly what the plain
// loop folds; only a float minimum or maximum of the four, exact in any
// order, is folded as a tree first, which keeps the outer chain (a
// minimum's latency per row) from bounding the loop. Rows left over
// (fewer than four) run the plain loop.

// jamRows is the number of rows jammed together.
const jamRows = 4

// jamMaxStms bounds the size of the inner function copied jamRows times.
const jamMaxStms = 8

// jamPlan is a Screma that jam applies to.
type jamPlan struct {
	inner *ir.Stm    // the element function's one statement, a Screma
	in    *ir.Screma // inner.Exp
	rowOf []int      // per input of in: the input of the outer Screma whose row it is, or -1 for an array free in the element function
	res   []int      // per result of the element function: the inner result it is
}

// jamOf reports how jam applies to e, a sequential Screma, or nil.
func (g *gen) jamOf(e *ir.Screma, l scremaLayout) *jamPlan {
	if len(e.Scans)+len(e.Hists)+len(e.Scatters) > 0 || len(e.F.Body.Stms) != 1 {
		return nil
	}
	for _, r := range e.Reds {
		if !scalarFunc(r.Op) {
			return nil
		}
	}
	for _, t := range e.F.Ret {
		if !t.IsScalar() || t.Acc {
			return nil
		}
	}
	s := e.F.Body.Stms[0]
	in, ok := s.Exp.(*ir.Screma)
	if !ok || len(in.Reds) == 0 || len(in.Scans)+len(in.Hists)+len(in.Scatters) > 0 || layoutOf(in).mapIn != len(in.F.Ret) ||
		!scalarFunc(in.F) || len(in.F.Body.Stms) > jamMaxStms {
		return nil
	}
	for _, r := range in.Reds {
		if !scalarFunc(r.Op) {
			return nil
		}
	}
	// Jammed rows compute in another order: none of it may fail, or the
	// error would be another row's.
	if g.mem == nil || g.mem.facts.LambdaMayFail(in.F) {
		return nil
	}
	for _, r := range in.Reds {
		if g.mem.facts.LambdaMayFail(r.Op) {
			return nil
		}
	}
	for _, r := range e.Reds {
		if g.mem.facts.LambdaMayFail(r.Op) {
			return nil
		}
	}
	p := &jamPlan{inner: s, in: in}
	for _, x := range e.F.Body.Result {
		k := -1
		for j, q := range s.Pat {
			if x.IsVar() && q.Name == x.Var {
				k = j
			}
		}
		if k < 0 {
			return nil
		}
		p.res = append(p.res, k)
	}
	// The outer function's parameters may only be the inner inputs.
	params := ir.Names{}
	for _, q := range e.F.Params {
		params.Add(q.Name)
	}
	uses := ir.FreeInLambda(in.F)
	for _, r := range in.Reds {
		for n := range ir.FreeInLambda(r.Op) {
			uses.Add(n)
		}
		for _, x := range r.Neutral {
			if x.IsVar() {
				uses.Add(x.Var)
			}
		}
	}
	if in.W.IsVar() {
		uses.Add(in.W.Var)
	}
	for n := range uses {
		if params.Has(n) {
			return nil
		}
	}
	for _, a := range in.Arrs {
		row := -1
		for k, q := range e.F.Params {
			if q.Name == a {
				row = k
			}
		}
		if row >= 0 {
			outer := e.Arrs[row]
			if _, virt := g.virt[outer]; virt || g.types[outer].Rank() != 2 || g.types[outer].Acc {
				return nil
			}
		} else if t := g.types[a]; !t.IsArray() || t.Rank() != 1 || t.Acc || g.dataOf(a) == "" && g.virt[a] == nil {
			return nil
		}
		p.rowOf = append(p.rowOf, row)
	}
	return p
}

// jam emits the jammed loop of e (see jamPlan) over its rows from 0 while
// four remain, and returns the Go variable holding the first row it left
// for the plain loop. n is the Go expression of e's width, outs its map
// outputs (scalars, in result order), pat its pattern.
func (g *gen) jam(e *ir.Screma, l scremaLayout, p *jamPlan, pat []ir.Param, n string, outs []string) (string, error) {
	in := p.in
	posIn := posLit(p.inner.Pos)
	w := g.fresh("w")
	g.p("%s := %s", w, g.i64(in.W))
	// The inner width checks of the plain loop, made once if there are
	// rows (every row of an outer input has the same length); those known
	// to hold are left out, as widths leaves them.
	var dims, shapes []string
	for k, a := range in.Arrs {
		d, shape := g.dimOf(a, 0), g.shapeOf(a)
		if r := p.rowOf[k]; r >= 0 {
			d, shape = g.dimOf(e.Arrs[r], 1), ident(e.Arrs[r])+".Shape[1:]"
		}
		if d != g.i64(in.W) {
			dims, shapes = append(dims, d), append(shapes, shape)
		}
	}
	g.checkWidths(posIn, "screma", w, n+" > 0", dims, shapes)
	jb := g.fresh("jb")
	g.p("%s := int64(0)", jb)
	g.open(fmt.Sprintf("for ; %s+%d <= %s; %s += %d {", jb, jamRows, n, jb, jamRows))
	// The rows' elements as slices of length w; the first bounds the loop.
	first := ""
	rows := make([][]string, len(in.Arrs)) // per inner input, per row q
	for k := range in.Arrs {
		r := p.rowOf[k]
		if r < 0 {
			continue
		}
		data := g.dataOf(e.Arrs[r])
		for q := range jamRows {
			v := g.fresh("jr")
			lo := fmt.Sprintf("(%s+%d)*%s", jb, q, w)
			g.p("%s := %s[%s : %s+%s : %s+%s]", v, data, lo, lo, w, lo, w)
			if first == "" {
				first = v
			} else {
				g.p("%s = %s[:len(%s)]", v, v, first)
			}
			rows[k] = append(rows[k], v)
		}
	}
	free := make([]string, len(in.Arrs)) // per free inner input: its slice, if stored
	for k, a := range in.Arrs {
		if p.rowOf[k] >= 0 || g.dataOf(a) == "" {
			continue
		}
		v := g.fresh("jf")
		if first == "" {
			g.p("%s := %s[:%s]", v, g.dataOf(a), w)
			first = v
		} else {
			g.p("%s := %s[:len(%s)]", v, g.dataOf(a), first)
		}
		free[k] = v
	}
	// Accumulators: per row, per inner reduction, per value.
	accs := make([][][]string, jamRows)
	for q := range jamRows {
		for _, r := range in.Reds {
			accs[q] = append(accs[q], g.freshFrom(r.Neutral))
		}
	}
	t := g.fresh("t")
	if first != "" {
		g.open(fmt.Sprintf("for %s := range %s {", t, first))
	} else {
		g.open(fmt.Sprintf("for %s := int64(0); %s < %s; %s++ {", t, t, w, t))
	}
	// An element every row reads is read once.
	shared := make([]string, len(in.Arrs))
	for k, a := range in.Arrs {
		if p.rowOf[k] >= 0 {
			continue
		}
		v := g.fresh("jx")
		if free[k] != "" {
			g.p("%s := %s[%s]", v, free[k], t)
		} else {
			g.p("%s := %s", v, g.virt[a].elem("int64("+t+")"))
		}
		shared[k] = v
	}
	il := layoutOf(in)
	for q := range jamRows {
		args := make([]string, len(in.Arrs))
		for k := range in.Arrs {
			if p.rowOf[k] >= 0 {
				args[k] = rows[k][q] + "[" + t + "]"
			} else {
				args[k] = shared[k]
			}
		}
		temps := make([]string, len(in.F.Ret))
		for k, rt := range in.F.Ret {
			temps[k] = g.fresh("f")
			g.p("var %s %s", temps[k], goType(rt))
		}
		if err := g.apply(in.F, args, temps); err != nil {
			return "", err
		}
		for r, red := range in.Reds {
			m := len(red.Neutral)
			vals := temps[il.redIn[r] : il.redIn[r]+m]
			if err := g.apply(red.Op, append(append([]string{}, accs[q][r]...), vals...), accs[q][r]); err != nil {
				return "", err
			}
		}
	}
	g.close("}")
	// The four rows' results, in row order: the inner results, named by
	// the outer function's results.
	results := make([][]string, jamRows)
	for q := range jamRows {
		var flat []string
		for _, a := range accs[q] {
			flat = append(flat, a...)
		}
		for _, k := range p.res {
			results[q] = append(results[q], flat[k])
		}
	}
	for q := range jamRows {
		for k := l.mapIn; k < len(e.F.Ret); k++ {
			g.p("%s.Data[%s+%d] = %s", outs[k-l.mapIn], jb, q, results[q][k])
		}
	}
	for r, red := range e.Reds {
		m := len(red.Neutral)
		acc := targets(pat[l.redOut[r] : l.redOut[r]+m])
		val := func(q int) []string { return results[q][l.redIn[r] : l.redIn[r]+m] }
		if m == 1 && floatMinMax(red.Op) {
			// Exact in any order: a tree, then one step of the chain.
			level := []string{val(0)[0], val(1)[0], val(2)[0], val(3)[0]}
			for len(level) > 1 {
				var next []string
				for h := 0; h < len(level); h += 2 {
					v := g.fresh("jm")
					g.p("var %s %s", v, goType(e.F.Ret[l.redIn[r]]))
					if err := g.apply(red.Op, []string{level[h], level[h+1]}, []string{v}); err != nil {
						return "", err
					}
					next = append(next, v)
				}
				level = next
			}
			if err := g.apply(red.Op, append(append([]string{}, acc...), level[0]), acc); err != nil {
				return "", err
			}
			continue
		}
		for q := range jamRows {
			if err := g.apply(red.Op, append(append([]string{}, acc...), val(q)...), acc); err != nil {
				return "", err
			}
		}
	}
	g.close("}")
	return jb, nil
}

// floatMinMax reports whether op is the minimum or maximum of two floats
// (IEEE 754-2019 minimumNumber and maximumNumber: associative and
// commutative exactly).
func floatMinMax(op *ir.Lambda) bool {
	if !floatLaneOp(op) {
		return false
	}
	_, call := op.Body.Stms[0].Exp.(*ir.Call)
	return call
}
