package check

import (
	"fmt"
	"strconv"
	"strings"
)

// String renders the program's user-visible part (bindings whose position
// is not in the prelude) for debugging and dumps: each binding with its
// scheme, then its body. Names carry their IDs (name_ID).
func (p *Program) String() string {
	var b strings.Builder
	for _, d := range p.Decls {
		if d.Prelude {
			continue
		}
		b.WriteString(d.String())
		b.WriteByte('\n')
	}
	for _, e := range p.Entries {
		fmt.Fprintf(&b, "entry %s: %s -> %s\n", e.Name, typeList(e.Params), typeList(e.Results))
	}
	return b.String()
}

func typeList(ts []Type) string {
	parts := make([]string, len(ts))
	for i, t := range ts {
		parts[i] = TypeString(t)
	}
	return "(" + strings.Join(parts, ", ") + ")"
}

// String renders one top-level binding.
func (d *ValBind) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "def %s", d.Bind.UniqueName())
	for _, p := range d.Bind.Scheme.TypeParams {
		fmt.Fprintf(&b, " '%s_%d", p.Name, p.ID)
	}
	for _, s := range d.Bind.Scheme.SizeParams {
		fmt.Fprintf(&b, " [%s_%d]", s.Name, s.ID)
	}
	for _, p := range d.Params {
		b.WriteByte(' ')
		writePat(&b, p)
	}
	fmt.Fprintf(&b, " : %s =\n  ", TypeString(d.RetType))
	writeExpr(&b, d.Body, 1)
	return b.String()
}

// ExprString renders a typed expression.
func ExprString(e Expr) string {
	var b strings.Builder
	writeExpr(&b, e, 0)
	return b.String()
}

// PatString renders a parameter pattern in source syntax, without types:
// "xs", "(x, _)", "{a, b = y}".
func PatString(p Pat) string {
	switch p := p.(type) {
	case *PName:
		return p.Bind.Name
	case *PRecord:
		tuple := len(p.Fields) != 1
		for i, f := range p.Fields {
			tuple = tuple && f.Name == strconv.Itoa(i)
		}
		parts := make([]string, len(p.Fields))
		for i, f := range p.Fields {
			parts[i] = PatString(f.Pat)
			if !tuple && parts[i] != f.Name {
				parts[i] = f.Name + " = " + parts[i]
			}
		}
		if tuple {
			return "(" + strings.Join(parts, ", ") + ")"
		}
		return "{" + strings.Join(parts, ", ") + "}"
	}
	return "_"
}

func writePat(b *strings.Builder, p Pat) {
	switch p := p.(type) {
	case *PName:
		fmt.Fprintf(b, "(%s: %s)", p.Bind.UniqueName(), TypeString(p.T))
	case *PWild:
		fmt.Fprintf(b, "(_: %s)", TypeString(p.T))
	case *PRecord:
		b.WriteByte('{')
		for i, f := range p.Fields {
			if i > 0 {
				b.WriteString(", ")
			}
			b.WriteString(f.Name)
			b.WriteString(" = ")
			writePat(b, f.Pat)
		}
		b.WriteByte('}')
	case *PConstr:
		b.WriteString("(#" + p.Name)
		for _, a := range p.Args {
			b.WriteByte(' ')
			writePat(b, a)
		}
		b.WriteByte(')')
	case *PLit:
		writeExpr(b, p.Lit, 0)
	}
}

func indent(b *strings.Builder, depth int) {
	b.WriteByte('\n')
	b.WriteString(strings.Repeat("  ", depth+1))
}

func writeExpr(b *strings.Builder, e Expr, depth int) {
	if b.Len() > 1<<20 {
		return
	}
	switch e := e.(type) {
	case *Lit:
		switch {
		case e.Int != nil:
			fmt.Fprintf(b, "%s%s", e.Int, e.Prim)
		case e.Float != nil:
			fmt.Fprintf(b, "%s%s", e.Float.RatString(), e.Prim)
		default:
			fmt.Fprintf(b, "%t", e.Bool)
		}
	case *StringLit:
		fmt.Fprintf(b, "%q", e.Bytes)
	case *VarRef:
		b.WriteString(e.Bind.UniqueName())
		if len(e.Inst.Types)+len(e.Inst.Sizes) > 0 {
			b.WriteString("@[")
			for i, t := range e.Inst.Types {
				if i > 0 {
					b.WriteString(", ")
				}
				b.WriteString(TypeString(t))
			}
			for i, s := range e.Inst.Sizes {
				if i > 0 || len(e.Inst.Types) > 0 {
					b.WriteString(", ")
				}
				b.WriteString("[" + SizeString(s) + "]")
			}
			b.WriteString("]")
		}
	case *BinOpExpr:
		b.WriteByte('(')
		writeExpr(b, e.X, depth)
		fmt.Fprintf(b, " %s@%s ", e.Op, TypeString(e.Operand))
		writeExpr(b, e.Y, depth)
		b.WriteByte(')')
	case *UnOpExpr:
		op := "-"
		if e.Op == 2 {
			op = "!"
		}
		fmt.Fprintf(b, "(%s@%s ", op, e.Prim)
		writeExpr(b, e.X, depth)
		b.WriteByte(')')
	case *Apply:
		b.WriteByte('(')
		writeOperand(b, e.Fun, depth)
		b.WriteByte(' ')
		writeOperand(b, e.Arg, depth)
		b.WriteByte(')')
	case *Lambda:
		b.WriteString("(\\")
		for i, p := range e.Params {
			if i > 0 {
				b.WriteByte(' ')
			}
			writePat(b, p)
		}
		b.WriteString(" -> ")
		writeExpr(b, e.Body, depth)
		b.WriteByte(')')
	case *Let:
		b.WriteString("let ")
		for _, s := range e.Sizes {
			fmt.Fprintf(b, "[%s] ", s.UniqueName())
		}
		writePat(b, e.Pat)
		b.WriteString(" = ")
		writeExpr(b, e.Value, depth+1)
		indent(b, depth)
		b.WriteString("in ")
		writeExpr(b, e.Body, depth)
	case *LetFun:
		fmt.Fprintf(b, "let %s", e.Bind.UniqueName())
		for _, p := range e.Params {
			b.WriteByte(' ')
			writePat(b, p)
		}
		fmt.Fprintf(b, " : %s = ", TypeString(e.RetType))
		writeExpr(b, e.Value, depth+1)
		indent(b, depth)
		b.WriteString("in ")
		writeExpr(b, e.Body, depth)
	case *If:
		b.WriteString("if ")
		writeExpr(b, e.Cond, depth)
		indent(b, depth)
		b.WriteString("then ")
		writeExpr(b, e.Then, depth+1)
		indent(b, depth)
		b.WriteString("else ")
		writeExpr(b, e.Else, depth+1)
	case *Loop:
		for _, a := range e.Attrs {
			fmt.Fprintf(b, "#[%s] ", a.String())
		}
		b.WriteString("loop ")
		writePat(b, e.Pat)
		b.WriteString(" = ")
		writeExpr(b, e.Init, depth)
		switch {
		case e.For != nil:
			fmt.Fprintf(b, " for %s < ", e.For.Var.UniqueName())
			writeExpr(b, e.For.Bound, depth)
		case e.ForIn != nil:
			b.WriteString(" for ")
			writePat(b, e.ForIn.Pat)
			b.WriteString(" in ")
			writeExpr(b, e.ForIn.Array, depth)
		case e.While != nil:
			b.WriteString(" while ")
			writeExpr(b, e.While.Cond, depth)
		}
		b.WriteString(" do")
		indent(b, depth+1)
		writeExpr(b, e.Body, depth+1)
	case *Match:
		b.WriteString("match ")
		writeExpr(b, e.X, depth)
		for _, c := range e.Cases {
			indent(b, depth)
			b.WriteString("case ")
			writePat(b, c.Pat)
			b.WriteString(" -> ")
			writeExpr(b, c.Body, depth+1)
		}
	case *RecordLit:
		b.WriteByte('{')
		for i, f := range e.Fields {
			if i > 0 {
				b.WriteString(", ")
			}
			b.WriteString(f.Name + " = ")
			writeExpr(b, f.Value, depth)
		}
		b.WriteByte('}')
	case *Project:
		writeExpr(b, e.X, depth)
		b.WriteString("." + e.Field)
	case *Index:
		writeExpr(b, e.X, depth)
		writeDims(b, e.Indices, depth)
	case *Update:
		b.WriteByte('(')
		writeExpr(b, e.X, depth)
		b.WriteString(" with ")
		for i, s := range e.Steps {
			if s.Indices != nil {
				writeDims(b, s.Indices, depth)
				continue
			}
			if i > 0 {
				b.WriteByte('.')
			}
			b.WriteString(s.Field)
		}
		b.WriteString(" = ")
		writeExpr(b, e.Value, depth)
		b.WriteByte(')')
	case *ArrayLit:
		b.WriteByte('[')
		for i, x := range e.Elems {
			if i > 0 {
				b.WriteString(", ")
			}
			writeExpr(b, x, depth)
		}
		fmt.Fprintf(b, "] : %s", TypeString(e.T))
	case *Range:
		b.WriteByte('(')
		writeExpr(b, e.Start, depth)
		if e.Second != nil {
			b.WriteString("..")
			writeExpr(b, e.Second, depth)
		}
		b.WriteString([]string{"...", "..<", "..>"}[e.Kind%3])
		writeExpr(b, e.End, depth)
		b.WriteByte(')')
	case *Coerce:
		b.WriteByte('(')
		writeExpr(b, e.X, depth)
		if e.Ascribe {
			b.WriteString(" : ")
		} else {
			b.WriteString(" :> ")
		}
		b.WriteString(TypeString(e.T) + ")")
	case *Hole:
		b.WriteString("???")
	case *Assert:
		b.WriteString("assert ")
		writeExpr(b, e.Cond, depth)
		b.WriteByte(' ')
		writeExpr(b, e.Body, depth)
	case *Constr:
		b.WriteString("(#" + e.Name)
		for _, a := range e.Args {
			b.WriteByte(' ')
			writeExpr(b, a, depth)
		}
		fmt.Fprintf(b, " : %s)", TypeString(e.T))
	default:
		fmt.Fprintf(b, "<%T>", e)
	}
}

// writeOperand parenthesises the forms that extend to the right.
func writeOperand(b *strings.Builder, e Expr, depth int) {
	switch e.(type) {
	case *Let, *LetFun, *If, *Loop, *Match, *Assert:
		b.WriteByte('(')
		writeExpr(b, e, depth)
		b.WriteByte(')')
	default:
		writeExpr(b, e, depth)
	}
}

func writeDims(b *strings.Builder, ds []*DimIndex, depth int) {
	b.WriteByte('[')
	for i, d := range ds {
		if i > 0 {
			b.WriteString(", ")
		}
		if !d.Slice {
			writeExpr(b, d.Index, depth)
			continue
		}
		if d.Start != nil {
			writeExpr(b, d.Start, depth)
		}
		b.WriteByte(':')
		if d.End != nil {
			writeExpr(b, d.End, depth)
		}
		if d.Stride != nil {
			b.WriteByte(':')
			writeExpr(b, d.Stride, depth)
		}
	}
	b.WriteByte(']')
}

// String gives the attribute as written: name or name(args).
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
