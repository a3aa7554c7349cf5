package ir

import (
	"fmt"
	"strconv"
	"strings"
)

// String renders p in the textual form of `fluxion dump`. The form is
// stable: passes are tested against golden files of it.
func (p *Program) String() string {
	var pr printer
	for i, f := range p.Funcs {
		if i > 0 {
			pr.b.WriteByte('\n')
		}
		pr.fun(f)
	}
	return pr.b.String()
}

func (f *Func) String() string {
	var pr printer
	pr.fun(f)
	return pr.b.String()
}

func (b *Body) String() string {
	var pr printer
	pr.stms(b)
	return pr.b.String()
}

func (l *Lambda) String() string {
	var pr printer
	pr.lambda(l)
	return pr.b.String()
}

func (s *Stm) String() string {
	var pr printer
	pr.stm(s)
	return strings.TrimSuffix(pr.b.String(), "\n")
}

// ExpString renders one expression.
func ExpString(e Exp) string {
	var pr printer
	pr.exp(e)
	return pr.b.String()
}

type printer struct {
	b      strings.Builder
	indent int
}

func (pr *printer) ws(ss ...string) {
	for _, s := range ss {
		pr.b.WriteString(s)
	}
}

func (pr *printer) nl() {
	pr.b.WriteByte('\n')
	for range pr.indent {
		pr.b.WriteString("  ")
	}
}

func (pr *printer) fun(f *Func) {
	kw := "entry "
	if f.Internal {
		kw = "func "
	}
	pr.ws(kw, f.Name, " ")
	pr.params(f.Params)
	pr.ws(": ")
	pr.types(f.Ret)
	pr.ws(" ")
	pr.block(f.Body)
	pr.b.WriteByte('\n')
}

func (pr *printer) params(ps []Param) {
	pr.ws("(")
	for i, p := range ps {
		if i > 0 {
			pr.ws(", ")
		}
		pr.ws(p.Name.String(), ": ", p.Type.String())
	}
	pr.ws(")")
}

func (pr *printer) types(ts []Type) {
	pr.ws("(")
	for i, t := range ts {
		if i > 0 {
			pr.ws(", ")
		}
		pr.ws(t.String())
	}
	pr.ws(")")
}

func (pr *printer) subExps(ss []SubExp) {
	pr.ws("(")
	for i, s := range ss {
		if i > 0 {
			pr.ws(", ")
		}
		pr.ws(s.String())
	}
	pr.ws(")")
}

func (pr *printer) names(ns []VName) {
	pr.ws("(")
	for i, n := range ns {
		if i > 0 {
			pr.ws(", ")
		}
		pr.ws(n.String())
	}
	pr.ws(")")
}

// block prints "{", the statements and result of b, and "}".
func (pr *printer) block(b *Body) {
	pr.ws("{")
	pr.indent++
	pr.stms(b)
	pr.indent--
	pr.nl()
	pr.ws("}")
}

func (pr *printer) stms(b *Body) {
	for _, s := range b.Stms {
		pr.nl()
		pr.stm(s)
	}
	pr.nl()
	pr.ws("return ")
	if len(b.Result) == 1 {
		pr.ws(b.Result[0].String())
	} else {
		pr.subExps(b.Result)
	}
}

func (pr *printer) stm(s *Stm) {
	pr.ws("let ")
	if len(s.Pat) == 1 {
		pr.ws(s.Pat[0].Name.String(), ": ", s.Pat[0].Type.String())
	} else {
		pr.params(s.Pat)
	}
	pr.ws(" = ")
	pr.exp(s.Exp)
}

func (pr *printer) lambda(l *Lambda) {
	pr.ws("\\")
	pr.params(l.Params)
	pr.ws(": ")
	pr.types(l.Ret)
	pr.ws(" ")
	pr.block(l.Body)
}

func (pr *printer) dims(ds []DimSlice) {
	pr.ws("[")
	for i, d := range ds {
		if i > 0 {
			pr.ws(", ")
		}
		if d.Fixed {
			pr.ws(d.I.String())
			continue
		}
		opt := func(s SubExp) {
			if !s.IsNone() {
				pr.ws(s.String())
			}
		}
		opt(d.Start)
		pr.ws(":")
		opt(d.End)
		if !d.Stride.IsNone() {
			pr.ws(":", d.Stride.String())
		}
	}
	pr.ws("]")
}

func (pr *printer) exp(e Exp) {
	switch e := e.(type) {
	case *Apply:
		pr.ws("call ", e.Func)
		pr.subExps(e.Args)
	case *Atom:
		pr.ws(e.X.String())
	case *Bin:
		pr.ws(e.X.String(), " ", e.Op.String(), " ", e.Y.String())
	case *Cmp:
		pr.ws(e.X.String(), " ", e.Op.String(), e.T.String(), " ", e.Y.String())
	case *Un:
		pr.ws(e.Op.String(), e.X.String())
	case *Call:
		pr.ws(e.Fn.Name)
		pr.subExps(e.Args)
	case *Index:
		pr.ws(e.Arr.String(), "[")
		for i, x := range e.Idx {
			if i > 0 {
				pr.ws(", ")
			}
			pr.ws(x.String())
		}
		pr.ws("]")
	case *Slice:
		pr.ws(e.Arr.String())
		pr.dims(e.Dims)
	case *Update:
		pr.ws(e.Arr.String(), " with ")
		pr.dims(e.Dims)
		pr.ws(" = ", e.Val.String())
	case *Iota:
		pr.ws("iota ", e.N.String())
		if !e.Start.IsNone() {
			pr.ws(" from ", e.Start.String())
		}
		if !e.Step.IsNone() {
			pr.ws(" by ", e.Step.String())
		}
		pr.ws(" : ", e.T.String())
	case *Replicate:
		pr.ws("replicate ", e.Shape.String(), " ", e.Val.String())
	case *Scratch:
		if e.Filled {
			pr.ws("scratch filled ", e.Shape.String(), e.Elem.String())
		} else {
			pr.ws("scratch ", e.Shape.String(), e.Elem.String())
		}
	case *Reshape:
		pr.ws("reshape ", e.Shape.String(), " ", e.Arr.String())
	case *Rearrange:
		pr.ws("rearrange (")
		for i, p := range e.Perm {
			if i > 0 {
				pr.ws(", ")
			}
			pr.ws(strconv.Itoa(p))
		}
		pr.ws(") ", e.Arr.String())
	case *Concat:
		pr.ws("concat ")
		pr.names(e.Arrs)
	case *Copy:
		pr.ws("copy ", e.Arr.String())
	case *Rotate:
		pr.ws("rotate ", e.R.String(), " ", e.Arr.String())
	case *ArrayLit:
		pr.ws("[")
		for i, x := range e.Elems {
			if i > 0 {
				pr.ws(", ")
			}
			pr.ws(x.String())
		}
		pr.ws("] : ", e.Elem.String())
	case *Size:
		pr.ws("size ", strconv.Itoa(e.Dim), " ", e.Arr.String())
	case *Assert:
		pr.ws("assert ", e.Cond.String(), " ", strconv.Quote(e.Msg))
		for _, a := range e.Args {
			pr.ws(" ", a.String())
		}
	case *If:
		pr.ws("if ", e.Cond.String(), " : ")
		pr.types(e.Ret)
		pr.ws(" ")
		pr.block(e.Then)
		pr.ws(" else ")
		pr.block(e.Else)
	case *Loop:
		for _, a := range e.Attrs {
			pr.ws("#[", a.String(), "] ")
		}
		pr.ws("loop (")
		for i, p := range e.Params {
			if i > 0 {
				pr.ws(", ")
			}
			init := "?"
			if i < len(e.Init) {
				init = e.Init[i].String()
			}
			pr.ws(p.Name.String(), ": ", p.Type.String(), " = ", init)
		}
		pr.ws(") ")
		switch f := e.Form.(type) {
		case *For:
			pr.ws("for ", f.I.String(), ": ", f.T.String(), " < ", f.Bound.String())
		case *While:
			pr.ws("while ", f.Cond.String())
		}
		pr.ws(" ")
		pr.block(e.Body)
	case *Map:
		pr.ws("map ", e.W.String(), " ")
		pr.names(e.Arrs)
		pr.ws(" ")
		pr.lambda(e.F)
	case *Reduce:
		pr.ws("reduce")
		if e.Comm {
			pr.ws("_comm")
		}
		pr.ws(" ", e.W.String(), " ")
		pr.names(e.Arrs)
		pr.ws(" ")
		pr.subExps(e.Neutral)
		pr.ws(" ")
		pr.lambda(e.Op)
	case *Scan:
		pr.ws("scan ", e.W.String(), " ")
		pr.names(e.Arrs)
		pr.ws(" ")
		pr.subExps(e.Neutral)
		pr.ws(" ")
		pr.lambda(e.Op)
	case *Hist:
		pr.ws("hist ", e.W.String(), " ")
		pr.names(e.Dests)
		pr.ws(" ")
		pr.subExps(e.Neutral)
		pr.ws(" ")
		pr.names(e.Inds)
		pr.ws(" ")
		pr.names(e.Vals)
		pr.ws(" ")
		pr.lambda(e.Op)
	case *Scatter:
		pr.ws("scatter ", e.W.String(), " ")
		pr.names(e.Dests)
		pr.ws(" ")
		pr.names(e.Inds)
		pr.ws(" ")
		pr.names(e.Vals)
	case *Screma:
		pr.ws("screma ", e.W.String(), " ")
		pr.names(e.Arrs)
		pr.ws(" ")
		pr.lambda(e.F)
		for _, sc := range e.Scans {
			pr.ws(" scan ")
			pr.subExps(sc.Neutral)
			pr.ws(" ")
			pr.lambda(sc.Op)
		}
		for _, r := range e.Reds {
			pr.ws(" reduce")
			if r.Comm {
				pr.ws("_comm")
			}
			pr.ws(" ")
			pr.subExps(r.Neutral)
			pr.ws(" ")
			pr.lambda(r.Op)
		}
		for _, h := range e.Hists {
			pr.ws(" hist ", strconv.Itoa(h.Rank), " ")
			pr.names(h.Dests)
			pr.ws(" ")
			pr.subExps(h.Neutral)
			pr.ws(" ")
			pr.lambda(h.Op)
		}
		for _, sc := range e.Scatters {
			pr.ws(" scatter ", strconv.Itoa(sc.Rank), " ")
			pr.names(sc.Dests)
		}
	case *JVP:
		pr.adOp("jvp", "jmp", e.Vec, e.Width, e.Primals, e.Tangents, e.F)
	case *VJP:
		pr.adOp("vjp", "mjp", e.Vec, e.Width, e.Primals, e.Adjoints, e.F)
	case *WithVJP:
		pr.ws("with_vjp ")
		pr.subExps(e.Args)
		pr.ws(" ")
		pr.lambda(e.F)
		pr.ws(" rule ")
		pr.lambda(e.Rule)
	case *WithAcc:
		pr.ws("withacc (")
		for i, in := range e.Inputs {
			if i > 0 {
				pr.ws(", ")
			}
			pr.ws(in.Arr.String())
			if in.Op != nil {
				pr.ws(" with ")
				pr.subExps(in.Neutral)
				pr.ws(" ")
				pr.lambda(in.Op)
			}
		}
		pr.ws(") ")
		pr.lambda(e.F)
	case *UpdAcc:
		pr.ws("upd ", e.Acc.String(), " [")
		for i, x := range e.Idx {
			if i > 0 {
				pr.ws(", ")
			}
			pr.ws(x.String())
		}
		pr.ws("] ", e.Val.String())
	default:
		pr.ws(fmt.Sprintf("<%T>", e))
	}
}

func (pr *printer) adOp(name, vecName string, vec bool, w SubExp, primals, seeds []SubExp, f *Lambda) {
	if vec {
		pr.ws(vecName, " ", w.String(), " ")
	} else {
		pr.ws(name, " ")
	}
	pr.subExps(primals)
	pr.ws(" ")
	pr.subExps(seeds)
	pr.ws(" ")
	pr.lambda(f)
}

func (a Attr) String() string {
	if len(a.Args) == 0 {
		return a.Name
	}
	parts := make([]string, len(a.Args))
	for i, x := range a.Args {
		parts[i] = strconv.FormatInt(x, 10)
	}
	return a.Name + "(" + strings.Join(parts, ", ") + ")"
}
