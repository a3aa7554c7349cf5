// Package pipeline runs Fluxion's compiler phases in order: check the
// source, lower it to the core IR, then run the IR passes of the pass
// table. The CLI and the tests of every backend compile through it, so
// that every program takes the same path.
package pipeline

import (
	"errors"
	"fmt"
	"strings"

	"github.com/fluxion-lang/fluxion/internal/ad"
	"github.com/fluxion-lang/fluxion/internal/ad/rev"
	"github.com/fluxion-lang/fluxion/internal/check"
	"github.com/fluxion-lang/fluxion/internal/ir"
	"github.com/fluxion-lang/fluxion/internal/lower"
	"github.com/fluxion-lang/fluxion/internal/opt"
)

// Pass is one IR -> IR step of the pipeline. A pass made of sub-passes
// (simplify runs opt's table to a fixed point) lists them in Sub; they
// are named PASS/SUB (simplify/fold), and after is called with the
// program after each of them.
type Pass struct {
	Name string
	Desc string
	Sub  []Pass
	Run  func(p *ir.Program, o Options, after func(sub string, p *ir.Program) error) (*ir.Program, error)
	// Needs are the kinds of expression the pass acts on: on a program
	// without any of them the pass is skipped, since it would change
	// nothing (0: it always runs).
	Needs ir.Kinds
}

// plain makes the Run of a pass without sub-passes.
func plain(f func(*ir.Program) (*ir.Program, error)) func(*ir.Program, Options, func(string, *ir.Program) error) (*ir.Program, error) {
	return func(p *ir.Program, _ Options, _ func(string, *ir.Program) error) (*ir.Program, error) { return f(p) }
}

// simplify is a pass that runs opt's pass table to a fixed point.
func simplify(name, desc string) Pass {
	subs := make([]Pass, len(opt.Passes))
	for i, sp := range opt.Passes {
		subs[i] = Pass{Name: sp.Name, Desc: sp.Desc, Run: plain(sp.Run)}
	}
	return Pass{Name: name, Desc: desc, Sub: subs, Run: func(p *ir.Program, o Options, after func(string, *ir.Program) error) (*ir.Program, error) {
		return o.settle(func(s opt.Settled) (*ir.Program, opt.Settled, error) { return opt.SimplifyFrom(p, s, after) })
	}}
}

// simplifyAD is a pass that runs opt's after-AD table (the simplifier's
// passes and the rewrite families of opt.Rewrites) to a fixed point.
func simplifyAD(name, desc string) Pass {
	table := opt.ADPasses(opt.Options{})
	subs := make([]Pass, len(table))
	for i, sp := range table {
		subs[i] = Pass{Name: sp.Name, Desc: sp.Desc, Run: func(p *ir.Program, o Options, _ func(string, *ir.Program) error) (*ir.Program, error) {
			for _, q := range opt.ADPasses(o.opt()) {
				if q.Name == sp.Name {
					return q.Run(p)
				}
			}
			return p, nil
		}}
	}
	return Pass{Name: name, Desc: desc, Sub: subs, Run: func(p *ir.Program, o Options, after func(string, *ir.Program) error) (*ir.Program, error) {
		return o.settle(func(s opt.Settled) (*ir.Program, opt.Settled, error) { return opt.SimplifyADFrom(p, o.opt(), s, after) })
	}}
}

// Passes is the pass table: what runs after lowering, in order; every
// optimisation of the compiler is in it. `fluxion dump --after=NAME`
// prints the program after the named pass (after a sub-pass's first run
// for PASS/SUB).
var Passes = []Pass{
	{Name: "copies", Desc: "copy arrays a consuming statement would otherwise update while they are still used (the lowering's copy-on-write)", Run: plain(lower.InsertCopies)},
	simplify("simplify", "copy propagation, folding, CSE, reorganisation, hoisting, map fusion and DCE to a fixed point"),
	{Name: "ad-prepare", Desc: "rewrite the functions of vjps as reverse mode needs them (strip-mining, accumulators, vectorised operators, flags)", Run: plain(rev.Prepare), Needs: ir.KVJP},
	{Name: "ad", Desc: "expand every jvp/vjp/jmp/mjp, innermost first", Run: plain(ad.Expand), Needs: ir.KJVP | ir.KVJP},
	simplifyAD("simplify-ad", "simplify the derivative code (removes unused re-execution) with the rewrite families that make forward-mode derivatives cheap (ring, cond, pull, loopnorm, fission)"),
	{Name: "share-branches", Desc: "an if reads the values a branch of an earlier if on the same condition computed (reverse mode re-runs a branch in its return sweep), as extra results of it, instead of computing them again", Run: plain(opt.ShareBranches), Needs: ir.KIf},
	{Name: "share-loops", Desc: "a while loop that repeats an earlier one and counts its iterations (reverse mode counts before it checkpoints) is the earlier loop, made to count", Run: plain(opt.ShareLoops), Needs: ir.KLoop},
	{Name: "fuse", Desc: "fuse SOACs over the same rows into one pass (ir.Screma)", Run: plain(opt.FuseSOACs), Needs: ir.KMap | ir.KReduce | ir.KScan | ir.KHist | ir.KScatter | ir.KScrema},
	{Name: "accrows", Desc: "an accumulator scope over zeros whose result is only added into a row of an enclosing accumulator adds into that row directly", Run: plain(opt.AccRows), Needs: ir.KWithAcc},
	{Name: "share", Desc: "a SOAC reads the expensive values (exp, log, ...) an earlier SOAC over the same rows computes, as an extra output of it, instead of computing them again; a loop restoring reverse mode's checkpoints reads them from tapes the checkpointing loop fills", Run: plain(opt.Share), Needs: ir.KMap | ir.KScrema | ir.KLoop},
	simplify("simplify-fused", "simplify the fused code (shares what fused functions compute twice)"),
	{Name: "outline", Desc: "move runs of statements of very long functions into functions of their own (compilers take superlinear time in a function's size)", Run: plain(opt.Outline)},
}

// PassNames lists the names accepted by Options.After, in pipeline order.
func PassNames() []string {
	names := []string{"lower"}
	for _, p := range Passes {
		names = append(names, p.Name)
		for _, s := range p.Sub {
			names = append(names, p.Name+"/"+s.Name)
		}
	}
	return names
}

// Options control a compilation.
type Options struct {
	// After stops the pipeline after the named pass ("lower", a name in
	// Passes or PASS/SUB); empty runs every pass.
	After string
	// Verify runs the IR verifier after every pass and sub-pass (tests
	// set it). After "lower", which may still use consumed arrays, only
	// types and scopes are checked.
	Verify bool
	// FastMath lets the rewrites after AD use float identities that hold
	// for finite values up to the sign of zero (opt.Options.FastMath).
	FastMath bool

	state *state // set by Compile
}

// state is what the passes of one compilation tell each other: the
// simplifier passes the program is known to be a fixed point of, so that
// a simplify stage after a pass that changed nothing does not redo the
// previous stage's work.
type state struct {
	settled opt.Settled
}

// settle runs a simplify stage from the passes the compilation knows its
// program settled on, and records those the result settles on.
func (o Options) settle(run func(opt.Settled) (*ir.Program, opt.Settled, error)) (*ir.Program, error) {
	if o.state == nil {
		o.state = &state{} // a pass run on its own
	}
	q, settled, err := run(o.state.settled)
	o.state.settled = settled
	return q, err
}

func (o Options) opt() opt.Options { return opt.Options{FastMath: o.FastMath} }

// CompileFile checks, lowers and optimises the program whose main file is
// path.
func CompileFile(path string, opts Options) (*ir.Program, error) {
	prog, err := check.CheckFile(path)
	if err != nil {
		return nil, err
	}
	return Compile(prog, opts)
}

// CompileSource is CompileFile for a program given as source text; imports
// are read with load (nil: none).
func CompileSource(name string, src []byte, load check.Loader, opts Options) (*ir.Program, error) {
	prog, err := check.CheckSource(name, src, load)
	if err != nil {
		return nil, err
	}
	return Compile(prog, opts)
}

// stop ends a pass early at the sub-pass Options.After names.
type stop struct{ p *ir.Program }

func (*stop) Error() string { return "stopped" }

// Compile lowers a checked program and runs the pass table on it.
func Compile(prog *check.Program, opts Options) (*ir.Program, error) {
	if opts.After != "" && !knownPass(opts.After) {
		return nil, fmt.Errorf("unknown pass %q (passes: %s)", opts.After, strings.Join(PassNames(), ", "))
	}
	p, err := lower.WithoutCopies(prog)
	if err != nil {
		return nil, err
	}
	if opts.Verify {
		if err := ir.VerifyTypes(p); err != nil {
			return nil, fmt.Errorf("internal error: invalid IR after lower: %w", err)
		}
	}
	if opts.After == "lower" {
		return p, nil
	}
	return Optimise(p, opts)
}

// Optimise runs the pass table on a lowered program (what Compile does
// after lowering), for producers of IR other than the front end.
func Optimise(p *ir.Program, opts Options) (*ir.Program, error) {
	if opts.After != "" && !knownPass(opts.After) {
		return nil, fmt.Errorf("unknown pass %q (passes: %s)", opts.After, strings.Join(PassNames(), ", "))
	}
	if opts.After == "lower" {
		return p, nil
	}
	opts.state = &state{}
	for _, pass := range Passes {
		after := func(sub string, q *ir.Program) error {
			name := pass.Name + "/" + sub
			if err := verify(q, name, opts); err != nil {
				return err
			}
			if opts.After == name {
				return &stop{q}
			}
			return nil
		}
		q := p
		var err error
		if pass.Needs == 0 || opt.RunEveryPass || ir.ProgramKinds(p)&pass.Needs != 0 {
			q, err = pass.Run(p, opts, after)
			if pass.Sub == nil {
				opts.state.settled = nil // the program may have changed
			}
		}
		var st *stop
		if errors.As(err, &st) {
			return st.p, nil
		}
		if err != nil {
			return nil, err
		}
		p = q
		if err := verify(p, pass.Name, opts); err != nil {
			return nil, err
		}
		if opts.After == pass.Name {
			break
		}
	}
	return p, nil
}

func knownPass(name string) bool {
	for _, n := range PassNames() {
		if n == name {
			return true
		}
	}
	return false
}

func verify(p *ir.Program, after string, opts Options) error {
	if !opts.Verify {
		return nil
	}
	if err := ir.Verify(p); err != nil {
		return fmt.Errorf("internal error: invalid IR after %s: %w", after, err)
	}
	return nil
}
