package check

import (
	"fmt"

	"github.com/fluxion-lang/fluxion/internal/syntax"
)

// The causality check (LANGUAGE-V2 §1): instantiating a polymorphic value
// fixes its size parameters, so a size it is instantiated with must be
// computed already. In length <| filter p xs the operands run left to
// right: length is instantiated with the size of filter's result before
// filter has run. Arguments run before the function they are passed to is
// instantiated, so length (filter p xs) and filter p xs |> length are
// fine; the arguments of an application run last to first, as in the
// reference, so apply length (filter p xs) is fine too. Only the
// existential sizes of function results made while checking the
// declaration (IDs above from) are concerned; other unknown sizes, such
// as that of replicate (length xs) 1, are known where they are made.
//
// An empty array literal needs its type's sizes too, to build its empty
// rows: in let a = [] : [][]i32 let b = [filter p xs] in a[0] == b[0] the
// row size of a is that of filter's result, computed only after a.

type causality struct {
	c        *checker
	from     int
	known    map[int]bool
	computed map[int]syntax.Pos
	failed   bool
}

// checkCausality checks one finished declaration's body.
func (c *checker) checkCausality(body Expr, from int) {
	first := &causality{c: c, from: from, known: map[int]bool{}, computed: map[int]syntax.Pos{}}
	first.expr(body, false)
	check := &causality{c: c, from: from, known: map[int]bool{}, computed: first.computed}
	check.expr(body, true)
}

// local calls f on the declaration's own unknown sizes in t.
func (k *causality) local(t Type, f func(v *SizeVar)) {
	walkSizes(t, func(s Size) {
		forSizeVars(s, func(v *SizeVar) {
			if v.Unknown && v.ID > k.from && k.c.existentials[v.ID] {
				f(v)
			}
		})
	})
}

// done records that e has run: the unknown sizes of its type are known.
// The first application that has one as the size of an array of its
// result (not inside a function type, as a partial application has it)
// is where that size is computed.
func (k *causality) done(e Expr) {
	if _, isVar := e.(*VarRef); isVar {
		return
	}
	k.local(e.Type(), func(v *SizeVar) {
		k.known[v.ID] = true
	})
	if ap, ok := e.(*Apply); ok {
		walkSizesOutsideFuncs(ap.Type(), func(s Size) {
			forSizeVars(s, func(v *SizeVar) {
				if _, seen := k.computed[v.ID]; !seen && v.Unknown && v.ID > k.from && k.c.existentials[v.ID] {
					k.computed[v.ID] = applyStart(ap)
				}
			})
		})
	}
}

// applyStart is where the application spine e begins: its head, or the
// left operand of an operator.
func applyStart(e *Apply) syntax.Pos {
	at := e.At
	var f Expr = e
	for {
		a, ok := f.(*Apply)
		if !ok {
			break
		}
		if posBefore(a.At, at) {
			at = a.At
		}
		f = a.Fun
	}
	if p := f.Pos(); posBefore(p, at) {
		at = p
	}
	return at
}

func posBefore(a, b syntax.Pos) bool {
	return a.Line < b.Line || a.Line == b.Line && a.Col < b.Col
}

// walkSizesOutsideFuncs calls f on the sizes of t that are not inside a
// function type.
func walkSizesOutsideFuncs(t Type, f func(Size)) {
	var n int
	var walk func(t Type)
	walk = func(t Type) {
		spend(&n)
		switch t := Resolve(t).(type) {
		case *Array:
			f(t.Size)
			walk(t.Elem)
		case *Record:
			for _, fl := range t.Fields {
				walk(fl.Type)
			}
		case *Sum:
			for _, c := range t.Cons {
				for _, p := range c.Payload {
					walk(p)
				}
			}
		case *Abstract:
			for _, a := range t.Args {
				if a.Type != nil {
					walk(a.Type)
				} else {
					f(a.Size)
				}
			}
		}
	}
	walk(t)
}

func (k *causality) instance(v *VarRef) {
	var ts []Type
	ts = append(ts, v.Inst.Types...)
	for _, s := range v.Inst.Sizes {
		ts = append(ts, &Array{Size: s, Elem: Unit()})
	}
	k.need(v.At, fmt.Sprintf("%q", v.Bind.Name), v.T, ts...)
}

// need reports the first size of ts that is computed later than at, where
// a value of type t (what) is made.
func (k *causality) need(at syntax.Pos, what string, t Type, ts ...Type) {
	for _, u := range ts {
		k.local(u, func(u *SizeVar) {
			if k.failed || k.known[u.ID] {
				return
			}
			from, ok := k.computed[u.ID]
			if !ok {
				return
			}
			k.failed = true
			k.c.errs = append(k.c.errs, k.c.newError(at, fmt.Sprintf(
				"Causality check: size %q needed for type of %s: %s. But %q is computed at %d:%d. Hint: Bind the expression producing %q with 'let' beforehand.",
				u.Name, what, TypeString(t), u.Name, from.Line, from.Col, u.Name)))
		})
	}
}

// expr walks e in evaluation order; check reports violations.
func (k *causality) expr(e Expr, check bool) {
	if e == nil {
		return
	}
	switch e := e.(type) {
	case *VarRef:
		if check {
			k.instance(e)
		}
	case *Apply:
		// The operands of an operator run left to right, the arguments
		// of a function last to first; then the function is instantiated.
		var args []Expr
		var f Expr = e
		for {
			a, ok := f.(*Apply)
			if !ok || a.Op != e.Op {
				break
			}
			args = append([]Expr{a.Arg}, args...)
			f = a.Fun
		}
		if e.Op {
			for _, a := range args {
				k.expr(a, check)
			}
		} else {
			for i := len(args) - 1; i >= 0; i-- {
				k.expr(args[i], check)
			}
		}
		k.expr(f, check)
	case *BinOpExpr:
		k.expr(e.X, check)
		k.expr(e.Y, check)
	case *UnOpExpr:
		k.expr(e.X, check)
	case *Lambda:
		k.expr(e.Body, check)
	case *Let:
		k.expr(e.Value, check)
		k.expr(e.Body, check)
	case *LetFun:
		k.expr(e.Value, check)
		k.expr(e.Body, check)
	case *If:
		k.expr(e.Cond, check)
		k.branches(check, e.Then, e.Else)
	case *Match:
		k.expr(e.X, check)
		var bs []Expr
		for _, cs := range e.Cases {
			bs = append(bs, cs.Body)
		}
		k.branches(check, bs...)
	case *Loop:
		k.expr(e.Init, check)
		if e.For != nil {
			k.expr(e.For.Bound, check)
		}
		if e.ForIn != nil {
			k.expr(e.ForIn.Array, check)
		}
		if e.While != nil {
			k.expr(e.While.Cond, check)
		}
		k.expr(e.Body, check)
	case *RecordLit:
		for _, f := range e.Fields {
			k.expr(f.Value, check)
		}
	case *Project:
		k.expr(e.X, check)
	case *Index:
		k.expr(e.X, check)
		k.dims(e.Indices, check)
	case *Update:
		k.expr(e.X, check)
		for _, s := range e.Steps {
			k.dims(s.Indices, check)
		}
		k.expr(e.Value, check)
	case *ArrayLit:
		for _, x := range e.Elems {
			k.expr(x, check)
		}
		if len(e.Elems) == 0 && check {
			k.need(e.At, "empty array", e.T, e.T)
		}
	case *Range:
		k.expr(e.Start, check)
		k.expr(e.Second, check)
		k.expr(e.End, check)
	case *Coerce:
		k.expr(e.X, check)
	case *Assert:
		k.expr(e.Cond, check)
		k.expr(e.Body, check)
	case *Constr:
		for _, x := range e.Args {
			k.expr(x, check)
		}
	}
	k.done(e)
}

func (k *causality) dims(ds []*DimIndex, check bool) {
	for _, d := range ds {
		k.expr(d.Index, check)
		k.expr(d.Start, check)
		k.expr(d.End, check)
		k.expr(d.Stride, check)
	}
}

// branches walks alternatives from the same knowledge; what all of them
// computed is known after.
func (k *causality) branches(check bool, bs ...Expr) {
	before := k.known
	after := map[int]bool{}
	for _, b := range bs {
		k.known = map[int]bool{}
		for id := range before {
			k.known[id] = true
		}
		k.expr(b, check)
		for id := range k.known {
			after[id] = true
		}
	}
	k.known = after
}
