package opt

import (
	"sort"
	"strconv"

	"github.com/fluxion-lang/fluxion/internal/ir"
	"github.com/fluxion-lang/fluxion/internal/prim"
)

// Sharing through a loop's rows (part of Share). Reverse mode's forward
// sweep of a loop stores, at the start of every iteration, the values the
// loop's parameters enter it with as one row of arrays (its checkpoints);
// the return sweep then runs a loop whose iteration restores one row of
// them and computes the body's values from it again before its adjoints.
// Every expensive value that second loop computes (an exp of a gate, a
// tanh, a dot product) the first one computed at the iteration that wrote
// that row, from the same parameter values: the first loop now also
// stores it, in a row of one more array per value (a tape), and the
// second reads it from the tape at the row it restores.
//
// A loop nested in a loop's body (an LSTM's layers inside its time steps)
// runs in the outer loop's forward sweep, and again, forward and then
// backwards, in every iteration of the outer return sweep: its body's
// transcendental functions ran three times per element. The nested loop
// of the forward sweep pairs up with the return sweep's forward run of
// it and with the loop that restores that run's checkpoints (pairInner):
// its values leave it through a tape per outer iteration, which leaves
// the outer loop through a tape of the outer loop, so they run once.
//
// The first loop (a checkpointing loop) is a for loop that returns arrays
// A_k whose parameter it updates with one row r, the same for all, set to
// one of its parameters p, and whose initial value is scratch (so a row
// it never wrote has no value to rely on, in A_k or in a tape). The
// second is a later loop of the same body reading rows A_k[t] at its top
// (one t for all). Statements are keyed as Share keys them, with p and
// A_k[t] (and A_k[t, i...], p[i...]) equal, r and t equal, and a
// parameter the first loop passes on unchanged equal to its initial
// value; the SOACs at the top of both bodies pair up as SOACs of one body
// do. The tape's row r is written in the iteration that writes A_k's row
// r, so tape[t] is always the value computed from A_k[t].

// ckptLoop is a checkpointing loop (see above).
type ckptLoop struct {
	stm   *ir.Stm
	loop  *ir.Loop
	row   ir.SubExp             // the row an iteration writes
	n     ir.SubExp             // the number of rows of the arrays
	saved map[ir.VName]int      // a returned array -> the parameter it stores
	tapes map[ir.VName]ir.VName // a value of the body -> its tape (a result)
}

// checkpointing returns s as a checkpointing loop, or nil; scratch holds
// the names b binds to scratch arrays.
func checkpointing(s *ir.Stm, scratch ir.Names) *ckptLoop {
	l, ok := s.Exp.(*ir.Loop)
	if !ok {
		return nil
	}
	if _, ok := l.Form.(*ir.For); !ok || len(l.Body.Result) != len(l.Params) || len(s.Pat) != len(l.Params) {
		return nil
	}
	defs := map[ir.VName]*ir.Stm{}
	for _, st := range l.Body.Stms {
		for _, p := range st.Pat {
			defs[p.Name] = st
		}
	}
	param := map[ir.VName]int{}
	for i, p := range l.Params {
		param[p.Name] = i
	}
	cl := &ckptLoop{stm: s, loop: l, saved: map[ir.VName]int{}, tapes: map[ir.VName]ir.VName{}}
	for k, res := range l.Body.Result {
		if !res.IsVar() || !l.Init[k].IsVar() || !scratch.Has(l.Init[k].Var) {
			continue
		}
		st := defs[res.Var]
		if st == nil {
			continue
		}
		u, ok := st.Exp.(*ir.Update)
		if !ok || u.Arr != l.Params[k].Name || len(u.Dims) != 1 || !u.Dims[0].Fixed || !u.Val.IsVar() {
			continue
		}
		m, ok := param[u.Val.Var]
		if !ok || m == k || len(l.Params[k].Type.Shape) == 0 || l.Params[k].Type.Shape[0].IsNone() {
			continue
		}
		if len(cl.saved) == 0 {
			cl.row, cl.n = u.Dims[0].I, l.Params[k].Type.Shape[0]
		} else if !u.Dims[0].I.Equal(cl.row) || !l.Params[k].Type.Shape[0].Equal(cl.n) {
			continue
		}
		cl.saved[s.Pat[k].Name] = m
	}
	if len(cl.saved) == 0 {
		return nil
	}
	return cl
}

// ckKey is the key of the value parameter m of a checkpointing loop
// enters an iteration with.
func ckKey(m int) string { return "ckpt:" + strconv.Itoa(m) }

const iterKey = "ckpt-row"

// shareTapes pairs the checkpointing loops of b with the later loops
// that read their rows (see above).
func shareTapes(b *ir.Body, sh *sharer) {
	root := rootKeyer()
	scratch := scratchNames(b.Stms)
	var fwd []*ckptLoop
	for i := 0; i < len(b.Stms); i++ {
		s := b.Stms[i]
		l, ok := s.Exp.(*ir.Loop)
		if !ok {
			continue
		}
		for _, cl := range fwd {
			if pre := pairLoops(cl, l, sh, root); len(pre) > 0 {
				// The tapes' scratch arrays go before the first loop.
				at := indexOf(b.Stms, cl.stm)
				b.Stms = append(b.Stms[:at], append(pre, b.Stms[at:]...)...)
				i += len(pre)
			}
		}
		if cl := checkpointing(s, scratch); cl != nil {
			fwd = append(fwd, cl)
		}
	}
}

// scratchNames are the names stms bind to scratch arrays.
func scratchNames(stms []*ir.Stm) ir.Names {
	names := ir.Names{}
	for _, s := range stms {
		if _, ok := s.Exp.(*ir.Scratch); ok {
			for _, p := range s.Pat {
				names.Add(p.Name)
			}
		}
	}
	return names
}

func indexOf(stms []*ir.Stm, s *ir.Stm) int {
	for i, x := range stms {
		if x == s {
			return i
		}
	}
	return -1
}

// restoredRows finds the statements at the top of l's body that read a
// row of the arrays of saved (to the parameter each stores), all at one
// row t, and the position of the first.
func restoredRows(l *ir.Loop, saved map[ir.VName]int) (t ir.SubExp, start int, restored map[*ir.Stm]int) {
	start = -1
	restored = map[*ir.Stm]int{}
	for i, st := range l.Body.Stms {
		ix, ok := st.Exp.(*ir.Index)
		if !ok || len(ix.Idx) == 0 || len(st.Pat) != 1 {
			continue
		}
		m, ok := saved[ix.Arr]
		if !ok {
			continue
		}
		if start < 0 {
			t, start = ix.Idx[0], i
		} else if !ix.Idx[0].Equal(t) {
			continue
		}
		restored[st] = m
	}
	return t, start, restored
}

// readerKeys keys the body of a loop l that restores rows at t: the
// parameters of l are its own, t is iter, and a restored row of the
// value of parameter m is key(m) (an element of it, that value's
// element).
func readerKeys(parent *keyer, l *ir.Loop, t ir.SubExp, restored map[*ir.Stm]int, key func(int) string, iter string) *keyer {
	seeds := map[ir.VName]string{}
	for _, p := range l.Params {
		seeds[p.Name] = "param:" + p.Name.String()
	}
	if t.IsVar() {
		seeds[t.Var] = iter
	}
	return parent.body(l.Body.Stms, seeds, func(c *keyer, st *ir.Stm) (string, bool) {
		m, ok := restored[st]
		if !ok {
			return "", false
		}
		ix := st.Exp.(*ir.Index)
		if len(ix.Idx) == 1 {
			return key(m), true
		}
		// A[t, i...] is p[i...].
		c.keys[ckName] = key(m)
		defer delete(c.keys, ckName)
		return c.stmKey(&ir.Stm{Pat: st.Pat, Exp: &ir.Index{Arr: ckName, Idx: ix.Idx[1:]}}), true
	})
}

// inserts collects statements to insert into bodies once the pairing
// that needs them is done, at positions in the bodies as they were
// before it.
type inserts []*insertion

type insertion struct {
	body *ir.Body
	at   int
	stms []*ir.Stm
}

// add returns the statements to insert into body at position at.
func (ins *inserts) add(body *ir.Body, at int) *[]*ir.Stm {
	for _, x := range *ins {
		if x.body == body && x.at == at {
			return &x.stms
		}
	}
	x := &insertion{body: body, at: at}
	*ins = append(*ins, x)
	return &x.stms
}

// apply inserts them, the last position of a body first, so that the
// positions stay those of before.
func (ins inserts) apply() {
	sort.SliceStable(ins, func(i, j int) bool { return ins[i].at > ins[j].at })
	for _, x := range ins {
		if len(x.stms) == 0 {
			continue
		}
		stms := append([]*ir.Stm{}, x.body.Stms[:x.at]...)
		stms = append(stms, x.stms...)
		x.body.Stms = append(stms, x.body.Stms[x.at:]...)
	}
}

// rowReader returns an import function (as pair takes) that reads row t
// of the arrays imp makes (of one more dimension than the values) at
// position at of body.
func (sh *sharer) rowReader(ins *inserts, body *ir.Body, at int, t ir.SubExp, outer ir.Shape, imp func(ir.VName, ir.Type) ir.VName) func(ir.VName, ir.Type) ir.VName {
	rows := map[ir.VName]ir.VName{}
	dst := ins.add(body, at)
	return func(arr ir.VName, rt ir.Type) ir.VName {
		if q, ok := rows[arr]; ok {
			return q
		}
		src := arr
		if imp != nil {
			src = imp(arr, ir.Type{Elem: rt.Elem, Shape: append(append(ir.Shape{}, outer...), rt.Shape...)})
		}
		q := sh.ns.New("taped")
		*dst = append(*dst, &ir.Stm{Pat: []ir.Param{{Name: q, Type: rt}}, Exp: &ir.Index{Arr: src, Idx: []ir.SubExp{t}}})
		rows[arr] = q
		return q
	}
}

// tapeOut makes value v of the body of loop s (at its top) a result of
// s: an array of it per iteration, of n rows, row r written by the
// iteration (the array's initial scratch is added to *pre, to go before
// s).
func (sh *sharer) tapeOut(s *ir.Stm, r, n ir.SubExp, v ir.Param, pre *[]*ir.Stm) ir.VName {
	lp := s.Exp.(*ir.Loop)
	tt := ir.Type{Elem: v.Type.Elem, Shape: append(ir.Shape{n}, v.Type.Shape...)}
	init, in, upd, out := sh.ns.New("tape"), sh.ns.New("tape"), sh.ns.New("tape"), sh.ns.New("tape")
	*pre = append(*pre, &ir.Stm{Pat: []ir.Param{{Name: init, Type: tt}}, Exp: &ir.Scratch{Elem: tt.Elem, Shape: tt.Shape, Filled: true}})
	lp.Params = append(lp.Params, ir.Param{Name: in, Type: tt})
	lp.Init = append(lp.Init, ir.Var(init))
	lp.Body.Stms = append(lp.Body.Stms, &ir.Stm{Pat: []ir.Param{{Name: upd, Type: tt}},
		Exp: &ir.Update{Arr: in, Dims: []ir.DimSlice{{Fixed: true, I: r}}, Val: ir.Var(v.Name)}})
	lp.Body.Result = append(lp.Body.Result, ir.Var(upd))
	s.Pat = append(s.Pat, ir.Param{Name: out, Type: tt})
	return out
}

// pairLoops makes loop l read from tapes of cl the values worth sharing
// it computes from rows of cl's arrays, and returns the statements that
// make the tapes' initial arrays.
func pairLoops(cl *ckptLoop, l *ir.Loop, sh *sharer, root *keyer) []*ir.Stm {
	t, start, restored := restoredRows(l, cl.saved)
	if start < 0 {
		return nil
	}
	// Keys: the first loop's parameters and row, and what l restores.
	seeds1 := map[ir.VName]string{}
	for k, p := range cl.loop.Params {
		if res := cl.loop.Body.Result[k]; res.IsVar() && res.Var == p.Name {
			// Passed on unchanged: its initial value.
			seeds1[p.Name] = keyOfSub(root, cl.loop.Init[k])
		} else {
			seeds1[p.Name] = "param:" + p.Name.String()
		}
	}
	for _, m := range cl.saved {
		seeds1[cl.loop.Params[m].Name] = ckKey(m)
	}
	if cl.row.IsVar() {
		seeds1[cl.row.Var] = iterKey
	}
	k1 := root.body(cl.loop.Body.Stms, seeds1, nil)
	k2 := readerKeys(root, l, t, restored, ckKey, iterKey)
	// The first loop's values leave it through tapes, which l reads at
	// row t after it restored its first row (so that t is in range).
	var pre []*ir.Stm
	export := func(v ir.Param) ir.VName {
		if a, ok := cl.tapes[v.Name]; ok {
			return a
		}
		out := sh.tapeOut(cl.stm, cl.row, cl.n, v, &pre)
		cl.tapes[v.Name] = out
		return out
	}
	var ins inserts
	imp := sh.rowReader(&ins, l.Body, start+1, t, nil, nil)
	f1 := &ir.Lambda{Params: cl.loop.Params, Body: cl.loop.Body}
	stms2 := l.Body.Stms[start+1:]
	f2 := &ir.Lambda{Params: l.Params, Body: &ir.Body{Stms: stms2}}
	// SOACs and loops inside the first loop's body whose width or bound
	// its body computes (or is its index) cannot leave it in a tape.
	sh.within = ir.BoundInBody(cl.loop.Body)
	for _, p := range cl.loop.Params {
		sh.within.Add(p.Name)
	}
	sh.within.Add(cl.loop.Form.(*ir.For).I)
	sh.pair(f1, k1, f2, k2, export, imp)
	sh.pairInner(cl.loop.Body, k1, stms2, scratchNames(l.Body.Stms), k2, export, imp, &ins, &pre)
	sh.within = nil
	ins.apply()
	return pre
}

// keyOfSub is the key of x in k.
func keyOfSub(k *keyer, x ir.SubExp) string {
	if x.IsVar() {
		return k.of(x.Var)
	}
	return "const:" + x.String()
}

// pairInner pairs the for loops at the top of body1 (the body of a
// checkpointing loop, keyed k1) with the loops at the top of stms2
// (keyed k2) that run the same iterations from the same values: of one
// bound, their first parameters starting from the values of the first
// one's and becoming the values it computes for them (the second may
// have more: checkpoints). Reverse mode runs a loop nested in a loop's
// body in the forward sweep and again, checkpointing, in the return
// sweep's iteration (and then backwards, restoring those checkpoints):
// the nested loop's values leave it through tapes (an array per outer
// iteration, which leaves the outer loop through one of export's tapes)
// and reach the second loop (and the loops restoring its checkpoints)
// through imp, row by row.
// scratch2 holds the names the second body binds to scratch arrays.
func (sh *sharer) pairInner(body1 *ir.Body, k1 *keyer, stms2 []*ir.Stm, scratch2 ir.Names, k2 *keyer,
	export func(ir.Param) ir.VName, imp func(ir.VName, ir.Type) ir.VName, ins *inserts, bpre *[]*ir.Stm) {
	for at, s1 := range body1.Stms {
		l1, f1, ok := i64Loop(s1)
		if !ok || (f1.Bound.IsVar() && sh.within.Has(f1.Bound.Var)) {
			continue
		}
		np := len(l1.Params)
		seeds1 := map[ir.VName]string{f1.I: "inner-iter"}
		for i, p := range l1.Params {
			seeds1[p.Name] = "inner:" + strconv.Itoa(i)
		}
		kl1 := k1.body(l1.Body.Stms, seeds1, nil)
		// The tapes' rows: max(bound, 0), made at the first pair (and
		// removed as dead code if nothing is shared); their scratch
		// arrays go before the loop.
		var n ir.SubExp
		pre1 := ins.add(body1, at)
		tapes := map[ir.VName]ir.VName{}
		exportL := func(v ir.Param) ir.VName {
			if a, ok := tapes[v.Name]; ok {
				return a
			}
			a := export(ir.Param{Name: sh.tapeOut(s1, ir.Var(f1.I), n, v, pre1), Type: ir.Type{Elem: v.Type.Elem, Shape: append(ir.Shape{n}, v.Type.Shape...)}})
			tapes[v.Name] = a
			return a
		}
		lam1 := &ir.Lambda{Params: l1.Params, Body: l1.Body}
		for j, s2 := range stms2 {
			l2, f2, ok := i64Loop(s2)
			if !ok || len(l2.Params) < np || keyOfSub(k1, f1.Bound) != keyOfSub(k2, f2.Bound) {
				continue
			}
			same := true
			for i := 0; i < np && same; i++ {
				same = !l1.Params[i].Type.Acc && !l2.Params[i].Type.Acc && l1.Params[i].Type.Elem == l2.Params[i].Type.Elem && l1.Params[i].Type.Rank() == l2.Params[i].Type.Rank() && keyOfSub(k1, l1.Init[i]) == keyOfSub(k2, l2.Init[i])
			}
			if !same {
				continue
			}
			seeds2 := map[ir.VName]string{f2.I: "inner-iter"}
			for i, p := range l2.Params {
				if i < np {
					seeds2[p.Name] = "inner:" + strconv.Itoa(i)
				} else {
					seeds2[p.Name] = "param:" + p.Name.String()
				}
			}
			kl2 := k2.body(l2.Body.Stms, seeds2, nil)
			for i := 0; i < np && same; i++ {
				same = keyOfSub(kl1, l1.Body.Result[i]) == keyOfSub(kl2, l2.Body.Result[i])
			}
			if !same {
				continue
			}
			if n.IsNone() {
				n = sh.nonNegative(f1.Bound, bpre)
			}
			sh.pair(lam1, kl1, &ir.Lambda{Params: l2.Params, Body: l2.Body}, kl2, exportL,
				sh.rowReader(ins, l2.Body, 0, ir.Var(f2.I), ir.Shape{n}, imp))
			// The loops that restore the second loop's checkpoints read
			// the same tapes at the row they restore.
			cl2 := checkpointing(s2, scratch2)
			if cl2 == nil || !cl2.row.Equal(ir.Var(f2.I)) {
				continue
			}
			for _, s3 := range stms2[j+1:] {
				l3, ok := s3.Exp.(*ir.Loop)
				if !ok {
					continue
				}
				t3, start3, restored3 := restoredRows(l3, cl2.saved)
				if start3 < 0 {
					continue
				}
				key := func(m int) string {
					if m < np {
						return "inner:" + strconv.Itoa(m)
					}
					return "param:" + l2.Params[m].Name.String()
				}
				kl3 := readerKeys(k2, l3, t3, restored3, key, "inner-iter")
				sh.pair(lam1, kl1, &ir.Lambda{Params: l3.Params, Body: &ir.Body{Stms: l3.Body.Stms[start3+1:]}}, kl3, exportL,
					sh.rowReader(ins, l3.Body, start3+1, t3, ir.Shape{n}, imp))
			}
		}
	}
}

// i64Loop returns s's loop if it is a for loop over i64.
func i64Loop(s *ir.Stm) (*ir.Loop, *ir.For, bool) {
	l, ok := s.Exp.(*ir.Loop)
	if !ok {
		return nil, nil, false
	}
	f, ok := l.Form.(*ir.For)
	if !ok || f.T != prim.I64 || len(l.Body.Result) != len(l.Params) || len(s.Pat) != len(l.Params) {
		return nil, nil, false
	}
	return l, f, true
}

// nonNegative binds max(x, 0) (an i64) with statements added to *pre.
func (sh *sharer) nonNegative(x ir.SubExp, pre *[]*ir.Stm) ir.SubExp {
	if x.IsConst {
		if x.Const.Int() < 0 {
			return ir.I64(0)
		}
		return x
	}
	pos, n := sh.ns.New("pos"), sh.ns.New("rows")
	i64 := ir.Scalar(prim.I64)
	*pre = append(*pre,
		&ir.Stm{Pat: []ir.Param{{Name: pos, Type: ir.Scalar(prim.Bool)}}, Exp: &ir.Cmp{Op: prim.Gt, T: prim.I64, X: x, Y: ir.I64(0)}},
		&ir.Stm{Pat: []ir.Param{{Name: n, Type: i64}}, Exp: &ir.If{Cond: ir.Var(pos),
			Then: &ir.Body{Result: []ir.SubExp{x}}, Else: &ir.Body{Result: []ir.SubExp{ir.I64(0)}}, Ret: []ir.Type{i64}}})
	return ir.Var(n)
}

// ckName stands for a checkpointed parameter in the key of an index into
// its restored row.
var ckName = ir.VName{Base: "$ckpt"}

// body keys the statements of a loop body within k: seeds are the keys
// of its parameters and of names it binds that are known otherwise, and
// alias (if not nil) may give a statement's key itself.
func (k *keyer) body(stms []*ir.Stm, seeds map[ir.VName]string, alias func(*keyer, *ir.Stm) (string, bool)) *keyer {
	c := &keyer{parent: k, keys: seeds, stm: map[*ir.Stm]string{}, intern: k.intern}
	for _, s := range stms {
		if alias != nil {
			if key, ok := alias(c, s); ok {
				c.keys[s.Pat[0].Name] = key
				continue
			}
		}
		if len(s.Pat) == 1 {
			if _, ok := seeds[s.Pat[0].Name]; ok {
				continue
			}
		}
		c.keyStm(s)
	}
	return c
}
