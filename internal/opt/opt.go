package opt

import (
	"fmt"
	"maps"

	"github.com/fluxion-lang/fluxion/internal/ir"
)

// Pass is one IR -> IR rewrite of the simplifier. Run never modifies its
// argument: it works on a deep copy and returns that.
type Pass struct {
	Name string
	Desc string
	Run  func(*ir.Program) (*ir.Program, error)
	// Needs are the kinds of expression the pass's rules act on; the
	// fixed-point loop skips the pass on a program that has none of them
	// (0: the pass always runs).
	Needs ir.Kinds
}

// Passes is the simplifier's pass table, in the order Simplify runs it.
var Passes = []Pass{
	{"copyprop", "replace names bound by an atom with the atom", CopyProp, 0},
	{"fold", "constant folding and the algebraic identities of rules.go", Fold, 0},
	{"cse", "reuse the first of two identical pure statements", CSE, 0},
	{"reorg", "remove maps and copies that only reorganise their inputs", Reorg, ir.KMap | ir.KCopy},
	{"hoist", "move loop- and lambda-invariant statements out", Hoist, ir.KNested},
	{"fuse", "merge a map into a later map that reads its results", Fuse, ir.KMap},
	{"dce", "remove dead statements, loop parameters and unused results", DCE, 0},
}

// maxRounds bounds Simplify's iteration; every pass only shrinks or moves
// code, so a fixed point is normally reached in two or three rounds.
const maxRounds = 10

// Simplify runs the pass table until the program stops changing (at most
// maxRounds times). It does not modify p.
func Simplify(p *ir.Program) (*ir.Program, error) {
	q, _, err := simplify(p, Passes, nil, nil)
	return q, err
}

// SimplifyWith is Simplify calling after (when not nil) with the result
// of every pass it runs, e.g. ir.Verify-ing it as tests and debug builds
// do; an error from after stops the run.
func SimplifyWith(p *ir.Program, after func(pass string, p *ir.Program) error) (*ir.Program, error) {
	q, _, err := simplify(p, Passes, nil, after)
	return q, err
}

// RunEveryPass makes the fixed-point loop (and the pipeline) run every
// pass even where Needs or Settled say that it would change nothing;
// tests set it to check that skipping changes no output.
var RunEveryPass = false

// Settled names passes of which a program is known to be a fixed point:
// running any of them on it changes nothing.
type Settled map[string]bool

// SimplifyFrom is SimplifyWith for a program p known to be a fixed point
// of the passes in settled: the first round skips them (a pipeline runs
// the simplifier again after a pass that may have left p unchanged). It
// also returns the passes the result is a fixed point of: the whole table
// when the loop converged, none otherwise.
func SimplifyFrom(p *ir.Program, settled Settled, after func(pass string, p *ir.Program) error) (*ir.Program, Settled, error) {
	return simplify(p, Passes, settled, after)
}

// simplify runs passes to a fixed point, calling check (when set) after
// every pass. The first round skips the passes in settled, and every round
// skips a pass whose Needs the program lacks; check still sees the
// (unchanged) program at a skipped pass, so that a caller stopping after
// a given pass stops there.
func simplify(p *ir.Program, passes []Pass, settled Settled, check func(pass string, p *ir.Program) error) (*ir.Program, Settled, error) {
	before, err := wellFormed(p)
	if err != nil {
		return nil, nil, err
	}
	all := Settled{}
	for _, pass := range passes {
		all[pass.Name] = true
	}
	if RunEveryPass {
		settled = nil
	}
	if settled != nil {
		settled = maps.Clone(settled) // grows below while p stays the same
	}
	kinds := ir.ProgramKinds(p)
	for round := 0; round < maxRounds; round++ {
		for _, pass := range passes {
			q := p
			if !settled[pass.Name] && (pass.Needs == 0 || kinds&pass.Needs != 0 || RunEveryPass) {
				var err error
				if q, err = pass.Run(p); err != nil {
					return nil, nil, fmt.Errorf("%s: %w", pass.Name, err)
				}
				if settled != nil {
					// The passes settled on p stay settled only while the
					// program does not change.
					if q.String() == before {
						settled[pass.Name] = true
						q = p
					} else {
						settled = nil
					}
				}
			}
			if check != nil {
				if err := check(pass.Name, q); err != nil {
					return nil, nil, fmt.Errorf("after %s: %w", pass.Name, err)
				}
			}
			if q != p {
				p = q
				kinds = ir.ProgramKinds(p)
			}
		}
		if settled != nil {
			return p, all, nil // no pass changed p: a fixed point, as printed
		}
		after := p.String()
		if after == before {
			return p, all, nil
		}
		before = after
	}
	return p, nil, nil
}

// wellFormed prints p, reporting a program the passes cannot walk (a
// missing function, body or expression) as an error rather than a crash.
func wellFormed(p *ir.Program) (_ string, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("malformed program: %v", r)
		}
	}()
	if p == nil {
		return "", fmt.Errorf("no program")
	}
	for i, f := range p.Funcs {
		if f == nil || f.Body == nil {
			return "", fmt.Errorf("function %d has no body", i)
		}
	}
	return p.String(), nil
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
