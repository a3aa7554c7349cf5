package trace

import (
	"fmt"
	"strconv"
	"strings"
)

// String prints the trace as a straight-line program, one binding per
// operation, with each operation's reference count:
//
//	v1 = input [2]          # 2 uses
//	v2 = index v1 0         # 2 uses
//	...
//	output v5
//
// The function of a Map, Reduce, Fold or Scan is printed as its program
// over parameters p0, p1, ..., free variables f0, ... (the outer values
// listed after "frees") and results r0, r1, ...; one traced per call
// prints its first call and the number of calls.
func (tr *Trace) String() string {
	var b strings.Builder
	r := tr.rec
	for id := 1; id < len(r.nodes); id++ {
		n := &r.nodes[id]
		fmt.Fprintf(&b, "v%d = %s", id, tr.describe(int32(id)))
		fmt.Fprintf(&b, "  # %d use", n.uses)
		if n.uses != 1 {
			b.WriteString("s")
		}
		b.WriteByte('\n')
		if n.x != 0 && r.exts[n.x].fn != nil {
			printFn(&b, r.exts[n.x].fn)
		}
	}
	if tr.outID != 0 {
		fmt.Fprintf(&b, "output v%d\n", tr.outID)
	} else {
		fmt.Fprintf(&b, "output %s\n", floatList(tr.out))
	}
	return b.String()
}

func floatList(xs []float64) string {
	var b strings.Builder
	b.WriteByte('[')
	for i, x := range xs {
		if i > 0 {
			b.WriteString(", ")
		}
		if i == 8 && len(xs) > 10 {
			fmt.Fprintf(&b, "... %d more", len(xs)-i)
			break
		}
		b.WriteString(strconv.FormatFloat(x, 'g', -1, 64))
	}
	b.WriteByte(']')
	return b.String()
}

func scalarRef(s Scalar) string {
	if s.t == nil {
		return strconv.FormatFloat(s.v, 'g', -1, 64)
	}
	return fmt.Sprintf("v%d", s.id)
}

func arrayRef(a Array) string {
	if a.t == nil {
		return "const" + shapeString(a)
	}
	return fmt.Sprintf("v%d", a.id)
}

// describe prints the right-hand side of node id.
func (tr *Trace) describe(id int32) string {
	r := tr.rec
	n := &r.nodes[id]
	opnd := func(x int32) string {
		if x == 0 {
			return strconv.FormatFloat(n.k, 'g', -1, 64)
		}
		return fmt.Sprintf("v%d", x)
	}
	switch {
	case n.op.IsUnary():
		return fmt.Sprintf("%s %s", n.op, opnd(n.a))
	case n.op.IsBinary():
		return fmt.Sprintf("%s %s %s", n.op, opnd(n.a), opnd(n.b))
	case n.op == OpIndex:
		return fmt.Sprintf("index v%d %d", n.a, int(n.k))
	}
	e := r.exts[n.x]
	arrs := make([]string, len(e.arrs))
	for i, a := range e.arrs {
		arrs[i] = arrayRef(a)
	}
	scals := make([]string, len(e.scals))
	for i, s := range e.scals {
		scals[i] = scalarRef(s)
	}
	shape := shapeString(Array{rows: e.rows, cols: e.cols})
	switch n.op {
	case OpInput:
		return fmt.Sprintf("input %s", shape)
	case OpSlice:
		return fmt.Sprintf("slice %s %d %d", arrs[0], e.lo, e.hi)
	case OpReshape:
		return fmt.Sprintf("reshape %s %s", arrs[0], shape)
	case OpConcat:
		return fmt.Sprintf("concat %s", strings.Join(arrs, " "))
	case OpPack:
		return fmt.Sprintf("pack %s", strings.Join(scals, " "))
	case OpSum, OpDot, OpMatVec:
		return fmt.Sprintf("%s %s", n.op, strings.Join(arrs, " "))
	}
	frees := make([]string, len(e.fn.frees))
	for i, s := range e.fn.frees {
		frees[i] = scalarRef(s)
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%s (%s)", n.op, strings.Join(arrs, ", "))
	switch n.op {
	case OpReduce, OpScan:
		fmt.Fprintf(&b, " neutral %s", strconv.FormatFloat(e.ne, 'g', -1, 64))
	case OpFold:
		fmt.Fprintf(&b, " from %s", scals[0])
	}
	if len(frees) > 0 {
		fmt.Fprintf(&b, " frees (%s)", strings.Join(frees, ", "))
	}
	if e.fn.vec == nil {
		fmt.Fprintf(&b, " traced per call, %d calls", len(e.fn.calls))
	}
	return b.String()
}

// printFn prints the program of a traced function (its first call when it
// was traced per call), indented under its operation.
func printFn(b *strings.Builder, fn *fnTrace) {
	p := fn.vec
	if p == nil {
		p = fn.calls[0]
	}
	reg := func(r int32, k float64) string {
		switch {
		case r == imm:
			return strconv.FormatFloat(k, 'g', -1, 64)
		case int(r) < p.nparam:
			return fmt.Sprintf("p%d", r)
		case r < p.freeBase():
			return fmt.Sprintf("r%d", int(r)-p.nparam)
		}
		return fmt.Sprintf("f%d", p.frees[r-p.freeBase()])
	}
	for j, o := range p.ops {
		fmt.Fprintf(b, "    r%d = ", j)
		switch {
		case o.op == OpConst:
			fmt.Fprintf(b, "%s\n", strconv.FormatFloat(o.k, 'g', -1, 64))
		case o.op.IsUnary():
			fmt.Fprintf(b, "%s %s\n", o.op, reg(o.a, o.k))
		default:
			fmt.Fprintf(b, "%s %s %s\n", o.op, reg(o.a, o.k), reg(o.b, o.k))
		}
	}
	outs := make([]string, len(p.outs))
	for i, r := range p.outs {
		outs[i] = reg(r, 0)
	}
	fmt.Fprintf(b, "    return %s\n", strings.Join(outs, ", "))
}
