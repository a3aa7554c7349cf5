package opt

import (
	"strconv"

	"github.com/fluxion-lang/fluxion/internal/ir"
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
// second reads it from the tape at the row it restores. A loop nested in
// a loop's return sweep (an LSTM's layers inside its time steps) is run
// forward and then backwards at every outer iteration, so its body's
// transcendental functions ran three times per element; they now run
// twice.
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
	scratch := ir.Names{}
	var fwd []*ckptLoop
	for i := 0; i < len(b.Stms); i++ {
		s := b.Stms[i]
		if _, ok := s.Exp.(*ir.Scratch); ok {
			for _, p := range s.Pat {
				scratch.Add(p.Name)
			}
			continue
		}
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

func indexOf(stms []*ir.Stm, s *ir.Stm) int {
	for i, x := range stms {
		if x == s {
			return i
		}
	}
	return -1
}

// pairLoops makes loop l read from tapes of cl the values worth sharing
// it computes from rows of cl's arrays, and returns the statements that
// make the tapes' initial arrays.
func pairLoops(cl *ckptLoop, l *ir.Loop, sh *sharer, root *keyer) []*ir.Stm {
	// The rows l restores, at its top, all at one row t.
	var t ir.SubExp
	start := -1
	restored := map[*ir.Stm]int{}
	for i, st := range l.Body.Stms {
		ix, ok := st.Exp.(*ir.Index)
		if !ok || len(ix.Idx) == 0 {
			continue
		}
		m, ok := cl.saved[ix.Arr]
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
	if start < 0 {
		return nil
	}
	// Keys: the first loop's parameters and row, and what l restores.
	seeds1 := map[ir.VName]string{}
	for k, p := range cl.loop.Params {
		if res := cl.loop.Body.Result[k]; res.IsVar() && res.Var == p.Name {
			// Passed on unchanged: its initial value.
			if x := cl.loop.Init[k]; x.IsVar() {
				seeds1[p.Name] = root.of(x.Var)
			} else {
				seeds1[p.Name] = "const:" + x.String()
			}
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
	seeds2 := map[ir.VName]string{}
	for _, p := range l.Params {
		seeds2[p.Name] = "param:" + p.Name.String()
	}
	if t.IsVar() {
		seeds2[t.Var] = iterKey
	}
	k2 := root.body(l.Body.Stms, seeds2, func(c *keyer, st *ir.Stm) (string, bool) {
		m, ok := restored[st]
		if !ok || len(st.Pat) != 1 {
			return "", false
		}
		ix := st.Exp.(*ir.Index)
		if len(ix.Idx) == 1 {
			return ckKey(m), true
		}
		// A[t, i...] is p[i...].
		c.keys[ckName] = ckKey(m)
		defer delete(c.keys, ckName)
		return c.stmKey(&ir.Stm{Pat: st.Pat, Exp: &ir.Index{Arr: ckName, Idx: ix.Idx[1:]}}), true
	})
	// The first loop's values leave it through tapes, which l reads at
	// row t after it restored its first row (so that t is in range).
	var pre, reads []*ir.Stm
	export := func(v ir.Param) ir.VName {
		if a, ok := cl.tapes[v.Name]; ok {
			return a
		}
		tt := ir.Type{Elem: v.Type.Elem, Shape: append(ir.Shape{cl.n}, v.Type.Shape...)}
		init, in, upd, out := sh.ns.New("tape"), sh.ns.New("tape"), sh.ns.New("tape"), sh.ns.New("tape")
		pre = append(pre, &ir.Stm{Pat: []ir.Param{{Name: init, Type: tt}}, Exp: &ir.Scratch{Elem: tt.Elem, Shape: tt.Shape, Filled: true}})
		lp := cl.loop
		lp.Params = append(lp.Params, ir.Param{Name: in, Type: tt})
		lp.Init = append(lp.Init, ir.Var(init))
		lp.Body.Stms = append(lp.Body.Stms, &ir.Stm{Pat: []ir.Param{{Name: upd, Type: tt}},
			Exp: &ir.Update{Arr: in, Dims: []ir.DimSlice{{Fixed: true, I: cl.row}}, Val: ir.Var(v.Name)}})
		lp.Body.Result = append(lp.Body.Result, ir.Var(upd))
		cl.stm.Pat = append(cl.stm.Pat, ir.Param{Name: out, Type: tt})
		cl.tapes[v.Name] = out
		return out
	}
	rows := map[ir.VName]ir.VName{}
	imp := func(tape ir.VName, rt ir.Type) ir.VName {
		if q, ok := rows[tape]; ok {
			return q
		}
		q := sh.ns.New("taped")
		reads = append(reads, &ir.Stm{Pat: []ir.Param{{Name: q, Type: rt}}, Exp: &ir.Index{Arr: tape, Idx: []ir.SubExp{t}}})
		rows[tape] = q
		return q
	}
	f1 := &ir.Lambda{Params: cl.loop.Params, Body: cl.loop.Body}
	f2 := &ir.Lambda{Params: l.Params, Body: &ir.Body{Stms: l.Body.Stms[start+1:]}}
	// SOACs inside the first loop's body whose width its body computes
	// cannot leave it in a tape.
	sh.within = ir.BoundInBody(cl.loop.Body)
	for _, p := range cl.loop.Params {
		sh.within.Add(p.Name)
	}
	sh.pair(f1, k1, f2, k2, export, imp)
	sh.within = nil
	if len(reads) > 0 {
		stms := append([]*ir.Stm{}, l.Body.Stms[:start+1]...)
		stms = append(stms, reads...)
		l.Body.Stms = append(stms, l.Body.Stms[start+1:]...)
	}
	return pre
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
