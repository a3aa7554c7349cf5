package opt

import (
	"fmt"

	"github.com/fluxion-lang/fluxion/internal/ir"
)

// Pass is one IR -> IR rewrite of the simplifier. Run never modifies its
// argument: it works on a deep copy and returns that.
type Pass struct {
	Name string
	Desc string
	Run  func(*ir.Program) (*ir.Program, error)
}

// Passes is the simplifier's pass table, in the order Simplify runs it.
var Passes = []Pass{
	{"copyprop", "replace names bound by an atom with the atom", CopyProp},
	{"fold", "constant folding and the algebraic identities of rules.go", Fold},
	{"cse", "reuse the first of two identical pure statements", CSE},
	{"reorg", "remove maps and copies that only reorganise their inputs", Reorg},
	{"hoist", "move loop- and lambda-invariant statements out", Hoist},
	{"fuse", "merge a map into a later map that reads its results", Fuse},
	{"dce", "remove dead statements, loop parameters and unused results", DCE},
}

// maxRounds bounds Simplify's iteration; every pass only shrinks or moves
// code, so a fixed point is normally reached in two or three rounds.
const maxRounds = 10

// Simplify runs the pass table until the program stops changing (at most
// maxRounds times). It does not modify p.
func Simplify(p *ir.Program) (*ir.Program, error) {
	return simplify(p, Passes, nil)
}

// SimplifyWith is Simplify calling after (when not nil) with the result
// of every pass it runs, e.g. ir.Verify-ing it as tests and debug builds
// do; an error from after stops the run.
func SimplifyWith(p *ir.Program, after func(pass string, p *ir.Program) error) (*ir.Program, error) {
	return simplify(p, Passes, after)
}

// simplify runs passes to a fixed point, calling check (when set) after
// every pass.
func simplify(p *ir.Program, passes []Pass, check func(pass string, p *ir.Program) error) (*ir.Program, error) {
	if _, err := copyProgram(p); err != nil {
		return nil, err // before printing it
	}
	before := p.String()
	for round := 0; round < maxRounds; round++ {
		for _, pass := range passes {
			q, err := pass.Run(p)
			if err != nil {
				return nil, fmt.Errorf("%s: %w", pass.Name, err)
			}
			if check != nil {
				if err := check(pass.Name, q); err != nil {
					return nil, fmt.Errorf("after %s: %w", pass.Name, err)
				}
			}
			p = q
		}
		after := p.String()
		if after == before {
			break
		}
		before = after
	}
	return p, nil
}

// copyProgram is a deep copy of p that a pass may modify freely.
func copyProgram(p *ir.Program) (_ *ir.Program, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("malformed program: %v", r)
		}
	}()
	if p == nil {
		return nil, fmt.Errorf("no program")
	}
	out := &ir.Program{Funcs: make([]*ir.Func, len(p.Funcs))}
	for i, f := range p.Funcs {
		if f == nil || f.Body == nil {
			return nil, fmt.Errorf("function %d has no body", i)
		}
		g := *f
		g.Params = append([]ir.Param(nil), f.Params...)
		g.Ret = append([]ir.Type(nil), f.Ret...)
		g.Body = ir.CopyBody(f.Body)
		out.Funcs[i] = &g
	}
	return out, nil
}

// eachFunc copies p and applies fn to every function of the copy. The
// passes expect verified IR; a malformed program they trip over is
// reported as an error rather than a crash.
func eachFunc(p *ir.Program, fn func(*ir.Func) error) (q *ir.Program, err error) {
	q, err = copyProgram(p)
	if err != nil {
		return nil, err
	}
	for _, f := range q.Funcs {
		func() {
			defer func() {
				if r := recover(); r != nil {
					err = fmt.Errorf("malformed program: %v", r)
				}
			}()
			err = fn(f)
		}()
		if err != nil {
			return nil, fmt.Errorf("in %s: %w", f.Name, err)
		}
	}
	return q, nil
}
