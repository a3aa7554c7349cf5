// Package pipeline runs Fluxion's compiler phases in order: check the
// source, lower it to the core IR, then run the IR passes of the pass
// table. The CLI and the tests of every backend compile through it, so
// that every program takes the same path.
package pipeline

import (
	"fmt"
	"strings"

	"github.com/fluxion-lang/fluxion/internal/ad"
	"github.com/fluxion-lang/fluxion/internal/check"
	"github.com/fluxion-lang/fluxion/internal/ir"
	"github.com/fluxion-lang/fluxion/internal/lower"
	"github.com/fluxion-lang/fluxion/internal/opt"
)

// Pass is one IR -> IR step of the pipeline.
type Pass struct {
	Name string
	Desc string
	Run  func(*ir.Program) (*ir.Program, error)
}

// Passes is the pass table: what runs after lowering, in order. `fluxion
// dump --after=NAME` prints the program after the named pass.
var Passes = []Pass{
	{"simplify", "copy propagation, folding, CSE, hoisting and DCE to a fixed point", opt.Simplify},
	{"ad", "expand every jvp/vjp/jmp/mjp, innermost first", ad.Expand},
	{"simplify-ad", "simplify the derivative code (removes unused re-execution)", opt.Simplify},
	{"fuse", "fuse SOACs over the same rows into one pass (ir.Screma)", opt.FuseSOACs},
	{"simplify-fused", "simplify the fused code (shares what fused functions compute twice)", opt.Simplify},
}

// PassNames lists the names accepted by Options.After, in pipeline order.
func PassNames() []string {
	names := []string{"lower"}
	for _, p := range Passes {
		names = append(names, p.Name)
	}
	return names
}

// Options control a compilation.
type Options struct {
	// After stops the pipeline after the named pass ("lower" or a name in
	// Passes); empty runs every pass.
	After string
	// Verify runs the IR verifier after every pass (tests set it).
	Verify bool
}

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

// Compile lowers a checked program and runs the pass table on it.
func Compile(prog *check.Program, opts Options) (*ir.Program, error) {
	if opts.After != "" && !knownPass(opts.After) {
		return nil, fmt.Errorf("unknown pass %q (passes: %s)", opts.After, strings.Join(PassNames(), ", "))
	}
	p, err := lower.Program(prog)
	if err != nil {
		return nil, err
	}
	if err := verify(p, "lower", opts); err != nil {
		return nil, err
	}
	if opts.After == "lower" {
		return p, nil
	}
	for _, pass := range Passes {
		if p, err = pass.Run(p); err != nil {
			return nil, err
		}
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
