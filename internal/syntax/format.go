package syntax

import (
	"fmt"
	"strings"
)

// Format renders a node as a compact, fully parenthesised S-expression.
// It is meant for tests and debugging dumps: every binding decision of the
// parser is visible in the output.
func Format(n Node) string {
	var b strings.Builder
	f := &formatter{b: &b}
	f.node(n)
	return b.String()
}

type formatter struct{ b *strings.Builder }

func (f *formatter) s(parts ...string) {
	for _, p := range parts {
		f.b.WriteString(p)
	}
}

// list writes (head items...) where each item is written by f.node.
func (f *formatter) list(head string, items ...Node) {
	f.s("(", head)
	for _, it := range items {
		f.s(" ")
		f.node(it)
	}
	f.s(")")
}

func exprNodes[T Node](xs []T) []Node {
	out := make([]Node, len(xs))
	for i, x := range xs {
		out[i] = x
	}
	return out
}

func (f *formatter) opt(n Node) {
	if n == nil {
		f.s("_")
		return
	}
	f.node(n)
}

func (f *formatter) tparams(ps []*TypeParam) {
	f.s("(")
	for i, tp := range ps {
		if i > 0 {
			f.s(" ")
		}
		f.node(tp)
	}
	f.s(")")
}

func (f *formatter) steps(steps []*UpdateStep) {
	for i, st := range steps {
		if i > 0 {
			f.s(" ")
		}
		f.node(st)
	}
}

func (f *formatter) indices(idx []*DimIndex) {
	f.s("[")
	for i, d := range idx {
		if i > 0 {
			f.s(", ")
		}
		f.dimIndex(d)
	}
	f.s("]")
}

func (f *formatter) node(n Node) {
	if n == nil {
		f.s("<nil>")
		return
	}
	switch n := n.(type) {
	// Declarations.
	case *File:
		f.list("file", exprNodes(n.Decls)...)
	case *ValDecl:
		kw := [...]string{"def", "entry", "let"}[n.Kind]
		if n.Infix {
			kw += "-infix"
		}
		name := n.Name.Name
		if n.IsOp {
			name = "(" + name + ")"
		}
		f.s("(", kw, " ", name, " ")
		f.tparams(n.TypeParams)
		f.s(" ")
		f.list("params", exprNodes(n.Params)...)
		f.s(" ")
		f.opt(n.RetType)
		f.s(" ")
		f.node(n.Body)
		f.s(")")
	case *TypeDecl:
		f.s("(", [...]string{"type", "type~", "type^"}[n.Lift], " ", n.Name.Name, " ")
		f.tparams(n.TypeParams)
		f.s(" ")
		f.node(n.Type)
		f.s(")")
	case *ModDecl:
		f.s("(module ", n.Name.Name)
		for _, mp := range n.Params {
			f.s(" ")
			f.node(mp)
		}
		f.s(" ")
		f.opt(n.Sig)
		f.s(" ")
		f.node(n.Body)
		f.s(")")
	case *ModTypeDecl:
		f.s("(module-type ", n.Name.Name, " ")
		f.node(n.Type)
		f.s(")")
	case *ModParam:
		f.s("(", n.Name.Name, ": ")
		f.node(n.Type)
		f.s(")")
	case *OpenDecl:
		f.list("open", n.Mod)
	case *ImportDecl:
		f.s("(import ", fmt.Sprintf("%q", n.Path), ")")
	case *LocalDecl:
		f.list("local", n.Decl)
	case *AttrDecl:
		f.s("(")
		f.node(n.Attr)
		f.s(" ")
		f.node(n.Decl)
		f.s(")")
	case *Attr:
		f.s("#[")
		f.attr(n)
		f.s("]")

	// Module expressions and types.
	case *ModVar:
		f.s(n.Name.String())
	case *ModStruct:
		f.list("struct", exprNodes(n.Decls)...)
	case *ModAscribe:
		f.list(":", n.Mod, n.Sig)
	case *ModApply:
		f.list("mapply", n.Fun, n.Arg)
	case *ModLambda:
		f.s("(mlambda ")
		f.node(n.Param)
		f.s(" ")
		f.opt(n.Sig)
		f.s(" ")
		f.node(n.Body)
		f.s(")")
	case *ModImport:
		f.s("(import ", fmt.Sprintf("%q", n.Path), ")")
	case *ModTypeVar:
		f.s(n.Name.String())
	case *ModTypeSpecs:
		f.list("sig", exprNodes(n.Specs)...)
	case *ModTypeWith:
		f.s("(with ")
		f.node(n.Sig)
		f.s(" ", n.Name.String(), " ")
		f.tparams(n.TypeParams)
		f.s(" ")
		f.node(n.Type)
		f.s(")")
	case *ModTypeArrow:
		f.s("(-> ")
		if n.Param != nil {
			f.s("(", n.Param.Name, ": ")
			f.node(n.From)
			f.s(")")
		} else {
			f.node(n.From)
		}
		f.s(" ")
		f.node(n.Result)
		f.s(")")
	case *ValSpec:
		name := n.Name.Name
		if n.IsOp {
			name = "(" + name + ")"
		}
		f.s("(val ", name, " ")
		f.tparams(n.TypeParams)
		f.s(" ")
		f.node(n.Type)
		f.s(")")
	case *TypeSpec:
		f.s("(", [...]string{"type", "type~", "type^"}[n.Lift], " ", n.Name.Name, " ")
		f.tparams(n.TypeParams)
		f.s(" ")
		f.opt(n.Type)
		f.s(")")
	case *ModSpec:
		f.s("(module ", n.Name.Name, " ")
		f.node(n.Type)
		f.s(")")
	case *IncludeSpec:
		f.list("include", n.Type)
	case *AttrSpec:
		f.s("(")
		f.node(n.Attr)
		f.s(" ")
		f.node(n.Spec)
		f.s(")")
	case *TypeParam:
		switch {
		case n.Size:
			f.s("[", n.Name.Name, "]")
		default:
			f.s([...]string{"'", "'~", "'^"}[n.Lift], n.Name.Name)
		}

	// Types.
	case *TypeName:
		f.s(n.Name.String())
	case *ArrayType:
		f.s("([")
		if n.Size != nil {
			f.node(n.Size)
		}
		f.s("] ")
		f.node(n.Elem)
		f.s(")")
	case *TupleType:
		f.list("tuple", exprNodes(n.Elems)...)
	case *RecordType:
		f.s("(record")
		for _, fl := range n.Fields {
			f.s(" (", fl.Name.Name, " ")
			f.node(fl.Type)
			f.s(")")
		}
		f.s(")")
	case *SumType:
		f.s("(sum")
		for _, c := range n.Constrs {
			f.s(" ")
			f.list("#"+c.Name.Name, exprNodes(c.Payload)...)
		}
		f.s(")")
	case *FuncType:
		f.s("(-> ")
		if n.ParamName != nil {
			f.s("(", n.ParamName.Name, ": ")
			f.node(n.Param)
			f.s(")")
		} else {
			f.node(n.Param)
		}
		f.s(" ")
		f.node(n.Result)
		f.s(")")
	case *TypeApply:
		f.s("(tapp ")
		f.node(n.Fun)
		f.s(" ")
		f.node(n.Arg)
		f.s(")")
	case *TypeArg:
		if n.IsSize {
			f.s("[")
			if n.Size != nil {
				f.node(n.Size)
			}
			f.s("]")
		} else {
			f.node(n.Type)
		}
	case *UniqueType:
		f.list("*", n.Elem)
	case *ExistType:
		f.s("(?")
		for _, s := range n.Sizes {
			f.s(" [", s.Name, "]")
		}
		f.s(" ")
		f.node(n.Elem)
		f.s(")")

	// Expressions.
	case *IntLit:
		f.s(n.Text)
	case *FloatLit:
		f.s(n.Text)
	case *StringLit:
		f.s(n.Text)
	case *BoolLit:
		f.s(fmt.Sprint(n.Value))
	case *Var:
		for i, id := range n.Path {
			if i > 0 {
				f.s(".")
			}
			f.s(id.Name)
		}
	case *Tuple:
		f.list("tuple", exprNodes(n.Elems)...)
	case *Record:
		f.s("(record")
		for _, fl := range n.Fields {
			f.s(" (", fl.Name.Name)
			if fl.Value != nil {
				f.s(" ")
				f.node(fl.Value)
			}
			f.s(")")
		}
		f.s(")")
	case *ArrayLit:
		f.list("array", exprNodes(n.Elems)...)
	case *Range:
		op := [...]string{"...", "..<", "..>"}[n.Kind]
		if n.Second != nil {
			f.list(op, n.Start, n.Second, n.Limit)
		} else {
			f.list(op, n.Start, n.Limit)
		}
	case *Project:
		f.s("(. ")
		f.node(n.X)
		f.s(" ", n.Field.Name, ")")
	case *Index:
		f.s("(index ")
		f.node(n.X)
		f.s(" ")
		f.indices(n.Indices)
		f.s(")")
	case *Apply:
		f.list("app", n.Fun, n.Arg)
	case *Prefix:
		f.list("prefix"+n.Op, n.X)
	case *BinOp:
		op := n.Op.String()
		if n.Backtick {
			op = "`" + op + "`"
		}
		f.list(op, n.X, n.Y)
	case *Ascript:
		f.list(":", n.X, n.Type)
	case *Coerce:
		f.list(":>", n.X, n.Type)
	case *If:
		f.list("if", n.Cond, n.Then, n.Else)
	case *LetPat:
		f.s("(let ")
		for _, s := range n.Sizes {
			f.s("[", s.Name, "] ")
		}
		f.node(n.Pat)
		f.s(" ")
		f.node(n.Value)
		f.s(" ")
		f.node(n.Body)
		f.s(")")
	case *LetFun:
		name := n.Name.Name
		if n.IsOp {
			name = "(" + name + ")"
		}
		f.s("(letfun ", name, " ")
		f.tparams(n.TypeParams)
		f.s(" ")
		f.list("params", exprNodes(n.Params)...)
		f.s(" ")
		f.opt(n.RetType)
		f.s(" ")
		f.node(n.Value)
		f.s(" ")
		f.node(n.Body)
		f.s(")")
	case *UpdateStep:
		if n.Field != nil {
			f.s(".", n.Field.Name)
		} else {
			f.indices(n.Indices)
		}
	case *LetWith:
		f.s("(letwith ", n.Dest.Name, " ")
		f.steps(n.Steps)
		f.s(" ")
		f.node(n.Value)
		f.s(" ")
		f.node(n.Body)
		f.s(")")
	case *Update:
		f.s("(with ")
		f.node(n.X)
		f.s(" ")
		f.steps(n.Steps)
		f.s(" ")
		f.node(n.Value)
		f.s(")")
	case *Lambda:
		f.s("(lambda ")
		f.list("params", exprNodes(n.Params)...)
		f.s(" ")
		f.opt(n.RetType)
		f.s(" ")
		f.node(n.Body)
		f.s(")")
	case *ForLoop:
		f.s("(for ", n.Var.Name, " ")
		f.node(n.Bound)
		f.s(")")
	case *ForInLoop:
		f.list("for-in", n.Pat, n.Array)
	case *WhileLoop:
		f.list("while", n.Cond)
	case *Loop:
		f.s("(loop ")
		f.node(n.Pat)
		f.s(" ")
		f.opt(n.Init)
		f.s(" ")
		f.node(n.Form)
		f.s(" ")
		f.node(n.Body)
		f.s(")")
	case *Match:
		f.s("(match ")
		f.node(n.X)
		for _, c := range n.Cases {
			f.s(" ")
			f.list("case", c.Pat, c.Body)
		}
		f.s(")")
	case *Assert:
		f.list("assert", n.Cond, n.Body)
	case *Hole:
		f.s("???")
	case *ConstrExp:
		f.list("#"+n.Name.Name, exprNodes(n.Args)...)
	case *OpenExp:
		f.s("(open ", n.Mod.String(), " ")
		f.node(n.X)
		f.s(")")
	case *OpSection:
		f.s("(section ", opText(n.Op, n.Backtick), ")")
	case *LeftSection:
		f.s("(lsection ")
		f.node(n.X)
		f.s(" ", opText(n.Op, n.Backtick), ")")
	case *RightSection:
		f.s("(rsection ", opText(n.Op, n.Backtick), " ")
		f.node(n.Y)
		f.s(")")
	case *ProjSection:
		f.s("(proj ")
		f.steps(n.Steps)
		f.s(")")
	case *AttrExp:
		f.s("(")
		f.node(n.Attr)
		f.s(" ")
		f.node(n.X)
		f.s(")")

	// Patterns.
	case *PatName:
		if n.IsOp {
			f.s("(", n.Name.Name, ")")
		} else {
			f.s(n.Name.Name)
		}
	case *PatWild:
		f.s("_")
	case *PatTuple:
		f.list("tuple", exprNodes(n.Elems)...)
	case *PatRecord:
		f.s("(record")
		for _, fl := range n.Fields {
			f.s(" (", fl.Name.Name, " ")
			f.node(fl.Pat)
			f.s(")")
		}
		f.s(")")
	case *PatConstr:
		f.list("#"+n.Name.Name, exprNodes(n.Args)...)
	case *PatLit:
		if n.Neg {
			f.s("-")
		}
		f.node(n.Lit)
	case *PatAscript:
		f.list(":", n.Pat, n.Type)
	case *PatAttr:
		f.s("(")
		f.node(n.Attr)
		f.s(" ")
		f.node(n.Pat)
		f.s(")")
	default:
		f.s(fmt.Sprintf("<%T>", n))
	}
}

func opText(q *QualName, backtick bool) string {
	if backtick {
		return "`" + q.String() + "`"
	}
	return q.String()
}

func (f *formatter) attr(a *Attr) {
	f.s(a.Name)
	if a.Call {
		f.s("(")
		for i, x := range a.Args {
			if i > 0 {
				f.s(",")
			}
			f.attr(x)
		}
		f.s(")")
	}
}

func (f *formatter) dimIndex(d *DimIndex) {
	if !d.Slice {
		f.node(d.Index)
		return
	}
	if d.Start != nil {
		f.node(d.Start)
	}
	f.s(":")
	if d.End != nil {
		f.node(d.End)
	}
	if d.Stride != nil {
		f.s(":")
		f.node(d.Stride)
	}
}
