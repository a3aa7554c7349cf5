package opt

import (
	"strconv"

	"github.com/fluxion-lang/fluxion/internal/ir"
)

// outlineChunk is the number of top-level statements a function keeps
// before Outline moves the next ones into a function of their own.
var outlineChunk = 2000 // a variable so that tests can use short functions

// Outline splits the top level of every function longer than
// outlineChunk statements into internal functions of about outlineChunk
// statements each, called in order. Compilers take time superlinear in
// the size of a function (the Go toolchain needs minutes for one of
// 100,000 statements, a second for fifty of 2,000), and generated or
// unrolled code can be that long.
//
// A run of statements is cut only where every value it reads from
// before it and every value it defines that is used after it is a
// scalar: the call passes scalars by value, so no array changes owner
// and consumption and aliasing stay as they were. Where a long stretch
// has no such cut, it stays in place.
func Outline(p *ir.Program) (*ir.Program, error) {
	q, err := copyProgram(p)
	if err != nil {
		return nil, err
	}
	names := map[string]bool{}
	for _, f := range q.Funcs {
		names[f.Name] = true
	}
	var added []*ir.Func
	for _, f := range q.Funcs {
		if len(f.Body.Stms) > outlineChunk {
			added = append(added, outlineFunc(f, names)...)
		}
	}
	q.Funcs = append(q.Funcs, added...)
	return q, nil
}

// outlineFunc cuts f's top level into parts, returning the functions
// made; names holds the function names in use.
func outlineFunc(f *ir.Func, names map[string]bool) []*ir.Func {
	stms := f.Body.Stms
	fa := ir.NewFacts(f)
	def := map[ir.VName]int{} // top-level names -> defining statement (-1: a parameter or size)
	for _, p := range f.Params {
		def[p.Name] = -1
		for _, d := range p.Type.Shape {
			if d.IsVar() {
				def[d.Var] = -1
			}
		}
	}
	for i, s := range stms {
		for _, p := range s.Pat {
			def[p.Name] = i
		}
	}
	// uses[i]: the top-level names statement i reads (nested code
	// included); last[v]: the last statement reading v (len(stms) for the
	// body's result and the function's result types).
	uses := make([][]ir.VName, len(stms))
	last := map[ir.VName]int{}
	for i, s := range stms {
		seen := ir.Names{}
		(&ir.Visitor{Use: func(v ir.VName) {
			if _, top := def[v]; top && !seen.Has(v) {
				seen.Add(v)
				uses[i] = append(uses[i], v)
				last[v] = i
			}
		}}).Stm(s)
	}
	end := &ir.Visitor{Use: func(v ir.VName) { last[v] = len(stms) }}
	end.Body(&ir.Body{Result: f.Body.Result})
	for _, t := range f.Ret {
		for _, d := range t.Shape {
			if d.IsVar() {
				last[d.Var] = len(stms)
			}
		}
	}
	scalar := func(v ir.VName) bool {
		t, _ := fa.Type(v)
		return !t.IsArray() && !t.Acc
	}
	var out []*ir.Stm
	var parts []*ir.Func
	// The part being grown is stms[start:b]; ins are the values it reads
	// from before start, live counts the arrays it defines that are used
	// at or after b, and expire[k] those of them last used at k-1.
	start := 0
	var ins []ir.Param
	seen := ir.Names{}
	live := 0
	expire := map[int]int{}
	for b := 1; b <= len(stms); b++ {
		i := b - 1
		for _, v := range uses[i] {
			if def[v] >= start || seen.Has(v) {
				continue
			}
			if !scalar(v) {
				// No part starting at start can hold statement i.
				out = append(out, stms[start:b]...)
				start, ins, seen, live, expire = b, nil, ir.Names{}, 0, map[int]int{}
				break
			}
			seen.Add(v)
			t, _ := fa.Type(v)
			ins = append(ins, ir.Param{Name: v, Type: t})
		}
		if start == b {
			continue
		}
		live -= expire[b]
		for _, p := range stms[i].Pat {
			if l, ok := last[p.Name]; ok && l >= b && !scalar(p.Name) {
				live++
				expire[l+1]++
			}
		}
		// Cut when the part is a chunk long and more than a chunk is
		// left, so that the function keeps no more than it gives away.
		if b-start < outlineChunk || len(stms)-b < outlineChunk || live > 0 {
			continue
		}
		var outs []ir.Param
		for _, s := range stms[start:b] {
			for _, p := range s.Pat {
				if l, ok := last[p.Name]; ok && l >= b {
					outs = append(outs, p)
				}
			}
		}
		name := ""
		for k := len(parts) + 1; name == ""; k++ {
			if n := f.Name + "#part" + strconv.Itoa(k); !names[n] {
				name = n
			}
		}
		names[name] = true
		res := make([]ir.SubExp, len(outs))
		ret := make([]ir.Type, len(outs))
		args := make([]ir.SubExp, len(ins))
		for k, p := range outs {
			res[k], ret[k] = ir.Var(p.Name), p.Type
		}
		for k, p := range ins {
			args[k] = ir.Var(p.Name)
		}
		pos := stms[start].Pos
		parts = append(parts, &ir.Func{Name: name, Params: ins, Ret: ret, Body: &ir.Body{Stms: stms[start:b], Result: res}, Pos: pos, Internal: true})
		out = append(out, &ir.Stm{Pat: outs, Exp: &ir.Apply{Func: name, Args: args, Ret: ret}, Pos: pos})
		start, ins, seen, live, expire = b, nil, ir.Names{}, 0, map[int]int{}
	}
	if len(parts) == 0 {
		return nil
	}
	f.Body = &ir.Body{Stms: append(out, stms[start:]...), Result: f.Body.Result}
	return parts
}
