package trace

import "fmt"

// A Program is a trace as a straight-line program (section 3 of the seed:
// a series of let-bindings), for tools that translate traces, such as the
// subpackage compile. Statement i defines value i+1; value 1 is the input.
type Program struct {
	InputLen int
	Stmts    []Stmt
	// Output is the output value; Scalar says whether it is a scalar.
	Output Ref
	Scalar bool
}

// A Ref is an operand: a value of the program (ID > 0) or a constant, a
// scalar (Data nil) or an array. Arrays are flat, row-major; Rows and Cols
// give the shape (Cols 0 for one dimension).
type Ref struct {
	ID         int
	Const      float64   // a scalar constant
	Data       []float64 // an array constant (shared, not copied)
	Rows, Cols int
}

// IsConst reports whether r is a constant.
func (r Ref) IsConst() bool { return r.ID == 0 }

// Len is the number of elements of an array Ref.
func (r Ref) Len() int { return r.Rows * max(r.Cols, 1) }

// A Stmt is one operation of a Program.
type Stmt struct {
	Op   Op
	Args []Ref
	// The result's shape, for array results.
	Rows, Cols int
	Index      int     // OpIndex
	Lo, Hi     int     // OpSlice
	Neutral    float64 // OpReduce, OpScan
	Func       *Func   // OpMap, OpReduce, OpFold, OpScan
	// OpMap: the number of calls (rows) and the elements of every array
	// in one call. Its result is Rows x Results, row-major (one dimension
	// when the function has one result).
	Calls  int
	Widths []int
}

// A Func is the program of a traced function, over registers numbered
// [parameters | Body | Frees]. Parameters are one row of every mapped
// array in turn, or the accumulator and the element.
type Func struct {
	Params  int
	Body    []FuncStmt
	Frees   []Ref // outer values the function reads
	Results []int // registers
}

// A FuncStmt is an operation of a Func on registers; an operand register
// of -1 is the constant Const. OpConst gives Const.
type FuncStmt struct {
	Op    Op
	A, B  int
	Const float64
}

// Program returns the trace as a program. It fails if the traced code
// read a traced value: the program would hold one path of the code only.
func (tr *Trace) Program() (*Program, error) {
	if b, at := tr.Branches(); b {
		return nil, fmt.Errorf("trace: the traced code read a traced value at %s, so its trace is not a program for other inputs", at)
	}
	r := tr.rec
	p := &Program{InputLen: tr.inLen, Scalar: tr.scalar}
	sref := func(s Scalar) Ref {
		if s.t == nil {
			return Ref{Const: s.v}
		}
		return Ref{ID: int(s.id)}
	}
	aref := func(a Array) Ref {
		ref := Ref{ID: int(a.id), Rows: a.rows, Cols: a.cols}
		if a.id == 0 {
			ref.Data = a.data
		}
		return ref
	}
	opnd := func(id int32, k float64) Ref {
		if id == 0 {
			return Ref{Const: k}
		}
		return Ref{ID: int(id)}
	}
	for id := 1; id < len(r.nodes); id++ {
		n := &r.nodes[id]
		st := Stmt{Op: n.op}
		switch {
		case n.op.IsUnary():
			st.Args = []Ref{opnd(n.a, n.k)}
		case n.op.IsBinary():
			st.Args = []Ref{opnd(n.a, n.k), opnd(n.b, n.k)}
		case n.op == OpIndex:
			src := r.exts[r.nodes[n.a].x]
			st.Args = []Ref{{ID: int(n.a), Rows: src.rows, Cols: src.cols}}
			st.Index = int(n.k)
		default:
			e := r.exts[n.x]
			st.Rows, st.Cols, st.Lo, st.Hi, st.Neutral = e.rows, e.cols, e.lo, e.hi, e.ne
			for _, a := range e.arrs {
				st.Args = append(st.Args, aref(a))
			}
			for _, s := range e.scals {
				st.Args = append(st.Args, sref(s))
			}
			if e.fn != nil {
				st.Func = exportFunc(e.fn, sref)
				st.Calls, st.Widths = e.n, e.widths
			}
		}
		p.Stmts = append(p.Stmts, st)
	}
	if tr.outID != 0 {
		p.Output = Ref{ID: int(tr.outID)}
		if !tr.scalar {
			e := r.exts[r.nodes[tr.outID].x]
			p.Output.Rows, p.Output.Cols = e.rows, e.cols
		}
	} else if tr.scalar {
		p.Output = Ref{Const: tr.out[0]}
	} else {
		p.Output = Ref{Data: tr.out, Rows: len(tr.out)}
	}
	return p, nil
}

func exportFunc(fn *fnTrace, sref func(Scalar) Ref) *Func {
	p := fn.vec
	f := &Func{Params: p.nparam}
	for _, o := range p.ops {
		f.Body = append(f.Body, FuncStmt{Op: o.op, A: int(o.a), B: int(o.b), Const: o.k})
	}
	for _, j := range p.frees {
		f.Frees = append(f.Frees, sref(fn.frees[j]))
	}
	for _, r := range p.outs {
		f.Results = append(f.Results, int(r))
	}
	return f
}
