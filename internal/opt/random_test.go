package opt

import (
	"flag"
	"math"
	"math/rand"
	"strings"
	"testing"

	"github.com/fluxion-lang/fluxion/internal/interp"
	"github.com/fluxion-lang/fluxion/internal/ir"
	"github.com/fluxion-lang/fluxion/internal/prim"
)

// gen builds random well-typed programs over i64, f64, bool and [4]i64
// values: arithmetic that may fail, repeated expressions, copies,
// branches, loops, maps and reductions.
type gen struct {
	r      *rand.Rand
	ints   []ir.SubExp
	floats []ir.SubExp
	bools  []ir.SubExp
	arrs   []ir.VName
	line   int
}

const arrLen = 4

var (
	seed  = flag.Int64("seed", 1, "seed of TestRandomPrograms")
	count = flag.Int("count-programs", 150, "number of programs TestRandomPrograms tries")
)

var (
	intConsts   = []int64{0, 1, 2, -1, 3}
	floatConsts = []float64{0, 1, math.Copysign(0, -1), 2.5}
	intOps      = []prim.BinOp{prim.Add, prim.Sub, prim.Mul, prim.Div, prim.Mod, prim.Quot, prim.Rem, prim.BitAnd, prim.BitOr, prim.BitXor, prim.Pow}
	floatOps    = []prim.BinOp{prim.Add, prim.Sub, prim.Mul, prim.Div}
	cmpOps      = []prim.CmpOp{prim.Eq, prim.Ne, prim.Lt, prim.Le, prim.Gt, prim.Ge}
)

func (g *gen) pos(b *ir.Builder) {
	g.line++
	b.Pos = ir.Pos{File: "r.fut", Line: g.line, Col: 1}
}

func (g *gen) intArg() ir.SubExp {
	if g.r.Intn(10) < 7 {
		return g.ints[g.r.Intn(len(g.ints))]
	}
	return ci(intConsts[g.r.Intn(len(intConsts))])
}

func (g *gen) floatArg() ir.SubExp {
	if g.r.Intn(10) < 7 {
		return g.floats[g.r.Intn(len(g.floats))]
	}
	return cf(floatConsts[g.r.Intn(len(floatConsts))])
}

func (g *gen) boolArg() ir.SubExp {
	if g.r.Intn(10) < 8 {
		return g.bools[g.r.Intn(len(g.bools))]
	}
	return ir.Bool(g.r.Intn(2) == 0)
}

// scope runs fill with the pools as they are and restores them after, so
// names bound inside a nested body are not used outside it.
func (g *gen) scope(fill func()) {
	ints, floats, bools, arrs := g.ints, g.floats, g.bools, g.arrs
	fill()
	g.ints, g.floats, g.bools, g.arrs = ints, floats, bools, arrs
}

// intStm adds one i64-valued arithmetic statement.
func (g *gen) intStm(b *ir.Builder) ir.SubExp {
	g.pos(b)
	op := intOps[g.r.Intn(len(intOps))]
	y := g.intArg()
	if op == prim.Pow && g.r.Intn(2) == 0 {
		y = ci(int64(g.r.Intn(3)))
	}
	v := b.Let("i", &ir.Bin{Op: op, T: prim.I64, X: g.intArg(), Y: y})
	g.ints = append(g.ints, v)
	return v
}

// stms adds n random statements.
func (g *gen) stms(b *ir.Builder, n, depth int) {
	var prev []ir.Exp
	for k := 0; k < n; k++ {
		g.pos(b)
		switch c := g.r.Intn(29); {
		case c < 3:
			g.intStm(b)
			prev = append(prev, b.Stms()[len(b.Stms())-1].Exp)
		case c == 3:
			op := floatOps[g.r.Intn(len(floatOps))]
			g.floats = append(g.floats, b.Let("f", &ir.Bin{Op: op, T: prim.F64, X: g.floatArg(), Y: g.floatArg()}))
			prev = append(prev, b.Stms()[len(b.Stms())-1].Exp)
		case c == 4:
			op := cmpOps[g.r.Intn(len(cmpOps))]
			if g.r.Intn(2) == 0 {
				g.bools = append(g.bools, b.Let("c", &ir.Cmp{Op: op, T: prim.I64, X: g.intArg(), Y: g.intArg()}))
			} else {
				g.bools = append(g.bools, b.Let("c", &ir.Cmp{Op: op, T: prim.F64, X: g.floatArg(), Y: g.floatArg()}))
			}
		case c == 5:
			switch g.r.Intn(3) {
			case 0:
				g.ints = append(g.ints, b.Let("n", &ir.Un{Op: prim.Neg, T: prim.I64, X: g.intArg()}))
			case 1:
				g.floats = append(g.floats, b.Let("n", &ir.Un{Op: prim.Neg, T: prim.F64, X: g.floatArg()}))
			default:
				g.bools = append(g.bools, b.Let("n", &ir.Un{Op: prim.Not, T: prim.Bool, X: g.boolArg()}))
			}
		case c == 6:
			op := prim.LogAnd
			if g.r.Intn(2) == 0 {
				op = prim.LogOr
			}
			g.bools = append(g.bools, b.Let("b", &ir.Bin{Op: op, T: prim.Bool, X: g.boolArg(), Y: g.boolArg()}))
		case c == 7:
			if x := g.intArg(); x.IsVar() {
				g.ints = append(g.ints, b.Let("a", &ir.Atom{X: x}))
			} else if len(g.arrs) > 0 {
				g.arrs = append(g.arrs, b.Let("a", &ir.Atom{X: ir.Var(g.arrs[g.r.Intn(len(g.arrs))])}).Var)
			}
		case c == 8:
			// Repeat an earlier expression for CSE to find.
			if len(prev) > 0 {
				e := (&ir.Rewriter{}).Exp(prev[g.r.Intn(len(prev))])
				v := b.Let("r", e)
				if b.Type(v).Elem == prim.F64 {
					g.floats = append(g.floats, v)
				} else {
					g.ints = append(g.ints, v)
				}
			}
		case c == 9:
			a := g.arrs[g.r.Intn(len(g.arrs))]
			g.ints = append(g.ints, b.Let("e", &ir.Index{Arr: a, Idx: []ir.SubExp{g.intArg()}}))
		case c == 10 && depth < 2:
			cond := g.boolArg()
			tb, eb := b.Sub(), b.Sub()
			var tr, er ir.SubExp
			g.scope(func() { g.stms(tb, 2, depth+1); tr = g.intStm(tb) })
			g.scope(func() { g.stms(eb, 2, depth+1); er = g.intArg() })
			g.ints = append(g.ints, b.Let("if", &ir.If{Cond: cond, Then: tb.Body(tr), Else: eb.Body(er), Ret: []ir.Type{i64}}))
		case c == 11 && depth < 2:
			a := g.arrs[g.r.Intn(len(g.arrs))]
			var m []ir.VName
			f := b.Lambda([]ir.Type{i64}, func(lb *ir.Builder, ps []ir.SubExp) []ir.SubExp {
				var res ir.SubExp
				g.scope(func() {
					g.ints = append(g.ints, ps[0])
					g.stms(lb, 2, depth+1)
					g.pos(lb)
					res = lb.BinOp(prim.Add, ps[0], g.intArg())
				})
				return []ir.SubExp{res}
			})
			g.pos(b)
			m = b.Map(ci(arrLen), []ir.VName{a}, f)
			g.arrs = append(g.arrs, m[0])
		case c == 12:
			a := g.arrs[g.r.Intn(len(g.arrs))]
			g.ints = append(g.ints, ir.Var(b.Reduce(ci(arrLen), []ir.VName{a}, []ir.SubExp{ci(0)}, b.BinOpLambda(prim.Add, prim.I64))[0]))
		case c == 13 && depth < 2:
			acc, i := b.Param("acc", i64), b.Param("i", i64)
			lb := b.Sub()
			var res ir.SubExp
			g.scope(func() {
				g.ints = append(g.ints, ir.Var(acc.Name), ir.Var(i.Name))
				g.stms(lb, 3, depth+1)
				g.pos(lb)
				res = lb.BinOp(prim.Add, ir.Var(acc.Name), g.intArg())
			})
			bound := ci(int64(g.r.Intn(4)))
			if g.r.Intn(3) == 0 {
				bound = b.Let("sz", &ir.Size{Arr: g.arrs[0]})
			}
			g.pos(b)
			out := b.LetN("loop", &ir.Loop{Params: []ir.Param{acc}, Init: []ir.SubExp{g.intArg()}, Form: &ir.For{I: i.Name, T: prim.I64, Bound: bound}, Body: lb.Body(res)})
			g.ints = append(g.ints, ir.Var(out[0]))
		case c == 14:
			// An in-place update of a fresh copy, sometimes through an
			// atom, or of a replicate that may equal an earlier one.
			var dst ir.SubExp
			if g.r.Intn(2) == 0 {
				dst = b.Let("cp", &ir.Copy{Arr: g.arrs[g.r.Intn(len(g.arrs))]})
			} else {
				dst = b.Let("rep", &ir.Replicate{Shape: ir.Shape{ci(arrLen)}, Val: ci(intConsts[g.r.Intn(2)])})
			}
			if g.r.Intn(2) == 0 {
				dst = b.Let("al", &ir.Atom{X: dst})
			}
			g.pos(b)
			u := b.Let("upd", &ir.Update{Arr: dst.Var, Dims: []ir.DimSlice{{Fixed: true, I: g.intArg()}}, Val: g.intArg()})
			g.arrs = append(g.arrs, u.Var)
		case c == 15 && depth < 2:
			// A loop updating an array parameter in place.
			a := b.Param("arr", ir.Array(prim.I64, ci(arrLen)))
			i := b.Param("i", i64)
			lb := b.Sub()
			var res ir.SubExp
			g.scope(func() {
				g.arrs = append(g.arrs, a.Name)
				g.ints = append(g.ints, ir.Var(i.Name))
				g.stms(lb, 2, depth+1)
				g.pos(lb)
				ix := lb.BinOp(prim.Mod, ir.Var(i.Name), ci(arrLen))
				res = lb.Let("upd", &ir.Update{Arr: a.Name, Dims: []ir.DimSlice{{Fixed: true, I: ix}}, Val: g.intArg()})
			})
			init := b.Let("init", &ir.Replicate{Shape: ir.Shape{ci(arrLen)}, Val: ci(1)})
			g.pos(b)
			out := b.LetN("loop", &ir.Loop{Params: []ir.Param{a}, Init: []ir.SubExp{init}, Form: &ir.For{I: i.Name, T: prim.I64, Bound: ci(int64(g.r.Intn(4)))}, Body: lb.Body(res)})
			g.arrs = append(g.arrs, out[0])
		case c == 16 && depth < 2:
			// A while loop counting k down to zero, with a passenger.
			k, cond, extra := b.Param("k", i64), b.Param("go", b1), b.Param("x", i64)
			lb := b.Sub()
			var k2, c2, x2 ir.SubExp
			g.scope(func() {
				g.ints = append(g.ints, ir.Var(k.Name), ir.Var(extra.Name))
				g.stms(lb, 2, depth+1)
				g.pos(lb)
				k2 = lb.BinOp(prim.Sub, ir.Var(k.Name), ci(1))
				c2 = lb.CmpOp(prim.Gt, k2, ci(0))
				x2 = g.intArg()
			})
			start := ir.Bool(g.r.Intn(4) != 0)
			g.pos(b)
			out := b.LetN("while", &ir.Loop{Params: []ir.Param{k, cond, extra}, Init: []ir.SubExp{ci(int64(g.r.Intn(3))), start, g.intArg()}, Form: &ir.While{Cond: cond.Name}, Body: lb.Body(k2, c2, x2)})
			g.ints = append(g.ints, ir.Var(out[0]), ir.Var(out[2]))
		case c == 17 && depth < 2:
			// A branch choosing between arrays.
			cond := g.boolArg()
			tb, eb := b.Sub(), b.Sub()
			var tr, er ir.SubExp
			g.scope(func() {
				g.stms(tb, 1, depth+1)
				tr = ir.Var(g.arrs[g.r.Intn(len(g.arrs))])
			})
			g.scope(func() {
				g.stms(eb, 1, depth+1)
				er = eb.Let("rev", &ir.Slice{Arr: g.arrs[g.r.Intn(len(g.arrs))], Dims: []ir.DimSlice{{Stride: ci(-1)}}})
			})
			g.arrs = append(g.arrs, b.Let("ifa", &ir.If{Cond: cond, Then: tb.Body(tr), Else: eb.Body(er), Ret: []ir.Type{ir.Array(prim.I64, ci(arrLen))}}).Var)
		case c == 19:
			a := g.arrs[g.r.Intn(len(g.arrs))]
			g.arrs = append(g.arrs, b.Scan(ci(arrLen), []ir.VName{a}, []ir.SubExp{ci(0)}, b.BinOpLambda(prim.Add, prim.I64))[0])
		case c == 20:
			// A histogram of values at indices that may be out of range.
			dst := b.Let("bins", &ir.Replicate{Shape: ir.Shape{ci(arrLen)}, Val: ci(0)})
			g.pos(b)
			is, vs := g.arrs[g.r.Intn(len(g.arrs))], g.arrs[g.r.Intn(len(g.arrs))]
			g.arrs = append(g.arrs, b.LetN("hist", &ir.Hist{W: ci(arrLen), Dests: []ir.VName{dst.Var}, Op: b.BinOpLambda(prim.Add, prim.I64),
				Neutral: []ir.SubExp{ci(0)}, Inds: []ir.VName{is}, Vals: []ir.VName{vs}})[0])
		case c == 21:
			dst := b.Let("cp", &ir.Copy{Arr: g.arrs[g.r.Intn(len(g.arrs))]})
			g.pos(b)
			is, vs := g.arrs[g.r.Intn(len(g.arrs))], g.arrs[g.r.Intn(len(g.arrs))]
			g.arrs = append(g.arrs, b.LetN("scatter", &ir.Scatter{W: ci(arrLen), Dests: []ir.VName{dst.Var}, Inds: []ir.VName{is}, Vals: []ir.VName{vs}})[0])
		case c == 22 && depth < 2:
			// A map over two arrays with two results (a map of code that
			// may fail when it reads ints it is given).
			a, a2 := g.arrs[g.r.Intn(len(g.arrs))], g.arrs[g.r.Intn(len(g.arrs))]
			f := b.Lambda([]ir.Type{i64, i64}, func(lb *ir.Builder, ps []ir.SubExp) []ir.SubExp {
				var r1, r2 ir.SubExp
				g.scope(func() {
					g.ints = append(g.ints, ps...)
					g.stms(lb, 1+g.r.Intn(2), depth+1)
					g.pos(lb)
					r1 = g.intStm(lb)
					r2 = g.intArg()
				})
				return []ir.SubExp{r1, r2}
			})
			g.pos(b)
			g.arrs = append(g.arrs, b.Map(ci(arrLen), []ir.VName{a, a2}, f)...)
		case c == 23:
			a := g.arrs[g.r.Intn(len(g.arrs))]
			max, _ := prim.LookupFunc("max_i64")
			op := b.Lambda([]ir.Type{i64, i64}, func(lb *ir.Builder, ps []ir.SubExp) []ir.SubExp { return []ir.SubExp{lb.Call(max, ps...)} })
			g.ints = append(g.ints, ir.Var(b.Reduce(ci(arrLen), []ir.VName{a}, []ir.SubExp{ci(-100)}, op)[0]))
		case c == 24:
			// A projection map (a zip of two arrays taken apart again).
			a, a2 := g.arrs[g.r.Intn(len(g.arrs))], g.arrs[g.r.Intn(len(g.arrs))]
			f := b.Lambda([]ir.Type{i64, i64}, func(lb *ir.Builder, ps []ir.SubExp) []ir.SubExp {
				if g.r.Intn(2) == 0 {
					return []ir.SubExp{ps[1], ps[0]}
				}
				return []ir.SubExp{ps[0], lb.BinOp(prim.Add, ps[0], ps[1])}
			})
			g.pos(b)
			g.arrs = append(g.arrs, b.Map(ci(arrLen), []ir.VName{a, a2}, f)...)
		case c == 25:
			// A gather through iota, of a replicate and an array.
			a := g.arrs[g.r.Intn(len(g.arrs))]
			is := b.Let("iota", &ir.Iota{N: ci(arrLen), T: prim.I64})
			rep := b.Let("rep", &ir.Replicate{Shape: ir.Shape{ci(arrLen)}, Val: g.intArg()})
			f := b.Lambda([]ir.Type{i64, i64}, func(lb *ir.Builder, ps []ir.SubExp) []ir.SubExp {
				g.pos(lb)
				x := lb.Index(a, ps[0])
				return []ir.SubExp{lb.BinOp(prim.Sub, x, ps[1])}
			})
			g.pos(b)
			g.arrs = append(g.arrs, b.Map(ci(arrLen), []ir.VName{is.Var, rep.Var}, f)...)
		case c == 26:
			// A copy, sometimes of a fresh array read nowhere else.
			src := g.arrs[g.r.Intn(len(g.arrs))]
			if g.r.Intn(2) == 0 {
				src = b.Let("rep", &ir.Replicate{Shape: ir.Shape{ci(arrLen)}, Val: g.intArg()}).Var
			}
			g.arrs = append(g.arrs, b.Let("cp", &ir.Copy{Arr: src}).Var)
		case c == 27:
			// A projection of an array that is updated in place after.
			cp := b.Let("cp", &ir.Copy{Arr: g.arrs[g.r.Intn(len(g.arrs))]})
			id := b.Lambda([]ir.Type{i64}, func(lb *ir.Builder, ps []ir.SubExp) []ir.SubExp { return ps })
			q := b.Map(ci(arrLen), []ir.VName{cp.Var}, id)[0]
			var alias ir.SubExp = cp
			if g.r.Intn(2) == 0 {
				alias = b.Let("al", &ir.Copy{Arr: cp.Var})
			}
			g.pos(b)
			u := b.Let("upd", &ir.Update{Arr: cp.Var, Dims: []ir.DimSlice{{Fixed: true, I: g.intArg()}}, Val: g.intArg()})
			g.arrs = append(g.arrs, q, u.Var)
			if alias != cp {
				g.arrs = append(g.arrs, alias.Var)
			}
		case c == 28 && depth < 2:
			// A loop whose body reads a projection of its array parameter
			// after updating that parameter in place.
			a, sum := b.Param("arr", ir.Array(prim.I64, ci(arrLen))), b.Param("sum", i64)
			i := b.Param("i", i64)
			lb := b.Sub()
			id := lb.Lambda([]ir.Type{i64}, func(mb *ir.Builder, ps []ir.SubExp) []ir.SubExp { return ps })
			q := lb.Map(ci(arrLen), []ir.VName{a.Name}, id)[0]
			g.pos(lb)
			ix := lb.BinOp(prim.Mod, ir.Var(i.Name), ci(arrLen))
			u := lb.Let("upd", &ir.Update{Arr: a.Name, Dims: []ir.DimSlice{{Fixed: true, I: ix}}, Val: ir.Var(i.Name)})
			e := lb.Index(q, ix)
			s2 := lb.BinOp(prim.Add, ir.Var(sum.Name), e)
			init := b.Let("init", &ir.Replicate{Shape: ir.Shape{ci(arrLen)}, Val: ci(1)})
			g.pos(b)
			out := b.LetN("loop", &ir.Loop{Params: []ir.Param{a, sum}, Init: []ir.SubExp{init, g.intArg()}, Form: &ir.For{I: i.Name, T: prim.I64, Bound: ci(int64(g.r.Intn(4)))}, Body: lb.Body(u, s2)})
			g.arrs = append(g.arrs, out[0])
			g.ints = append(g.ints, ir.Var(out[1]))
		default:
			g.ints = append(g.ints, b.Let("s", &ir.Size{Arr: g.arrs[g.r.Intn(len(g.arrs))]}))
		}
	}
}

// program is a random program; with all set it returns every top-level
// value (so no statement is dead), otherwise a random few.
func (g *gen) program(all bool) *ir.Program {
	g.line = 0
	return build([]ir.Type{i64, i64, f64, f64, b1, ir.Array(prim.I64, ci(arrLen))}, func(b *ir.Builder, ps []ir.SubExp) []ir.SubExp {
		g.ints = []ir.SubExp{ps[0], ps[1]}
		g.floats = []ir.SubExp{ps[2], ps[3]}
		g.bools = []ir.SubExp{ps[4]}
		g.arrs = []ir.VName{ps[5].Var}
		g.stms(b, 6+g.r.Intn(12), 0)
		var res []ir.SubExp
		for _, pool := range [][]ir.SubExp{g.ints, g.floats, g.bools} {
			for _, v := range pool {
				if all || g.r.Intn(4) == 0 {
					res = append(res, v)
				}
			}
		}
		for _, a := range g.arrs {
			if all || g.r.Intn(4) == 0 {
				res = append(res, ir.Var(a))
			}
		}
		if len(res) == 0 {
			res = append(res, g.ints[len(g.ints)-1])
		}
		return res
	})
}

func (g *gen) inputs(n int) [][]interp.Value {
	ints := []int64{0, 1, -3, 7, 2}
	floats := []float64{0, math.Copysign(0, -1), 1.5, math.NaN(), -2, math.Inf(1)}
	var out [][]interp.Value
	for k := 0; k < n; k++ {
		xs := make([]int64, arrLen)
		for i := range xs {
			xs[i] = int64(g.r.Intn(8) - 2)
		}
		out = append(out, []interp.Value{
			sI(ints[g.r.Intn(len(ints))]), sI(ints[g.r.Intn(len(ints))]),
			sF(floats[g.r.Intn(len(floats))]), sF(floats[g.r.Intn(len(floats))]),
			sB(g.r.Intn(2) == 0), arrI(xs...),
		})
	}
	return out
}

// TestRandomFusion fuses the SOACs of random programs (verifying the
// result) and wants identical results and errors, and simplifying the
// fused program must keep them too.
func TestRandomFusion(t *testing.T) {
	n := *count
	if testing.Short() {
		n = 40
	}
	g := &gen{r: rand.New(rand.NewSource(*seed + 1))}
	fused := 0
	for k := 0; k < n; k++ {
		p := g.program(k%2 == 0)
		q := run(t, "fuse-soacs", p)
		if q.String() != p.String() {
			fused++
		}
		exact := run(t, "simplify-but-dce", q)
		for _, args := range g.inputs(4) {
			before := outcome(t, p, args)
			if after := outcome(t, q, args); after != before {
				t.Fatalf("program %d on %v: before %s, after fusion %s\nbefore:\n%s\nafter:\n%s", k, args, before, after, p, q)
			}
			if after := outcome(t, exact, args); after != before {
				t.Fatalf("program %d on %v: before %s, after fusion and simplify %s\nbefore:\n%s\nafter:\n%s", k, args, before, after, p, exact)
			}
		}
	}
	if fused < n/4 {
		t.Errorf("fusion changed only %d of %d programs", fused, n)
	}
}

// TestRandomPrograms simplifies random programs (verifying after every
// pass) and compares interpreter runs. Without DCE, results and errors
// must be identical. With it, a successful run must stay identical; a
// failing one may change, since removing a dead statement that fails can
// let the program succeed or fail later.
func TestRandomPrograms(t *testing.T) {
	n := *count
	if testing.Short() {
		n = 40
	}
	g := &gen{r: rand.New(rand.NewSource(*seed))}
	for k := 0; k < n; k++ {
		p := g.program(k%2 == 0)
		exact := run(t, "simplify-but-dce", p)
		full := run(t, "simplify", p)
		if again := run(t, "simplify", full); again.String() != full.String() {
			t.Fatalf("program %d: simplifying twice changes it:\n%s\nthen\n%s", k, full, again)
		}
		for _, args := range g.inputs(4) {
			before := outcome(t, p, args)
			if after := outcome(t, exact, args); after != before {
				t.Fatalf("program %d on %v without dce: before %s, after %s\nbefore:\n%s\nafter:\n%s", k, args, before, after, p, exact)
			}
			after := outcome(t, full, args)
			if after != before && !strings.HasPrefix(before, "error") {
				t.Fatalf("program %d on %v: before %s, after %s\nbefore:\n%s\nafter:\n%s", k, args, before, after, p, full)
			}
		}
	}
}
