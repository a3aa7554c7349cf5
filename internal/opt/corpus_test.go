package opt_test

import (
	"math"
	"strings"
	"testing"

	"github.com/fluxion-lang/fluxion/internal/check"
	"github.com/fluxion-lang/fluxion/internal/interp"
	"github.com/fluxion-lang/fluxion/internal/ir"
	"github.com/fluxion-lang/fluxion/internal/lower"
	"github.com/fluxion-lang/fluxion/internal/opt"
	"github.com/fluxion-lang/fluxion/internal/testspec"
)

// runEntry prints the results of entry on args, or its error.
func runEntry(t *testing.T, p *ir.Program, entry string, args []testspec.Value) string {
	c, err := interp.Compile(p)
	if err != nil {
		t.Fatalf("compile: %v", err)
	}
	in, err := interp.FromValues(args)
	if err != nil {
		t.Fatal(err)
	}
	res, err := c.Run(entry, in)
	if err != nil {
		return "error: " + err.Error()
	}
	var out []string
	for _, r := range res {
		if r.Arr == nil && r.Scalar.Type().IsFloat() && math.IsNaN(r.Scalar.Float()) {
			out = append(out, "nan")
			continue
		}
		out = append(out, r.String())
	}
	return strings.Join(out, " ")
}

// fixpoint runs passes until the program stops changing, verifying after
// every pass.
func fixpoint(t *testing.T, p *ir.Program, passes []opt.Pass) *ir.Program {
	t.Helper()
	for round := 0; round < 10; round++ {
		before := p.String()
		for _, pass := range passes {
			q, err := pass.Run(p)
			if err != nil {
				t.Fatalf("%s: %v", pass.Name, err)
			}
			if err := ir.Verify(q); err != nil {
				t.Fatalf("after %s: %v\n%s", pass.Name, err, q)
			}
			p = q
		}
		if p.String() == before {
			break
		}
	}
	return p
}

// TestCorpus simplifies every lowered program of the language corpus and
// runs the test cases given by value before and after. Without DCE the
// outcome must be identical, errors included; with it, successful runs
// must be identical.
func TestCorpus(t *testing.T) {
	if testing.Short() {
		t.Skip("corpus run")
	}
	files, err := testspec.FindPrograms([]string{"../../tests/lang"})
	if err != nil {
		t.Skip("no corpus:", err)
	}
	var exactPasses []opt.Pass
	for _, p := range opt.Passes {
		if p.Name != "dce" {
			exactPasses = append(exactPasses, p)
		}
	}
	runs := 0
	for _, path := range files {
		if strings.Contains(path, "/errors/") {
			continue
		}
		spec, err := testspec.ParseFile(path)
		if err != nil {
			continue
		}
		cp, err := check.CheckFile(path)
		if err != nil {
			continue
		}
		p, err := lower.Program(cp)
		if err != nil || ir.Verify(p) != nil {
			continue // not this package's business
		}
		exact := fixpoint(t, p, exactPasses)
		full := fixpoint(t, p, opt.Passes)
		for _, c := range spec.Cases {
			if c.Input.Kind != testspec.InputValues {
				continue
			}
			for _, e := range c.Entries {
				if f := p.Func(e); f == nil || f.Internal {
					continue
				}
				runs++
				before := runEntry(t, p, e, c.Input.Values)
				if got := runEntry(t, exact, e, c.Input.Values); got != before {
					t.Errorf("%s %s without dce: before %s, after %s", path, e, before, got)
				}
				if got := runEntry(t, full, e, c.Input.Values); got != before && !strings.HasPrefix(before, "error") {
					t.Errorf("%s %s: before %s, after %s", path, e, before, got)
				}
			}
		}
	}
	t.Logf("%d runs", runs)
}
