package ad

import (
	"fmt"
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/fluxion-lang/fluxion/internal/check"
	"github.com/fluxion-lang/fluxion/internal/interp"
	"github.com/fluxion-lang/fluxion/internal/ir"
	"github.com/fluxion-lang/fluxion/internal/lower"
	"github.com/fluxion-lang/fluxion/internal/testspec"
	"github.com/fluxion-lang/fluxion/internal/values"
)

// adBackend compiles a program through check, lower and Expand, verifies
// the result and runs it in the interpreter.
type adBackend struct{}

func (adBackend) Name() string { return "interp" }

func (adBackend) Compile(path string) (testspec.Program, error) {
	prog, err := check.CheckFile(path)
	if err != nil {
		return nil, err
	}
	p, err := lower.Program(prog)
	if err != nil {
		return nil, err
	}
	q, err := Expand(p)
	if err != nil {
		return nil, err
	}
	if err := ir.Verify(q); err != nil {
		return nil, fmt.Errorf("expanded program does not verify: %v", err)
	}
	exe, err := interp.Compile(q)
	if err != nil {
		return nil, err
	}
	return adProgram{exe}, nil
}

type adProgram struct{ exe *interp.Program }

func (p adProgram) Run(entry string, args []values.Value) ([]values.Value, error) {
	return p.exe.RunValues(entry, args)
}

// usesReverse reports whether the failure is in an entry point whose
// declaration applies vjp or mjp (reverse mode is package rev's).
func usesReverse(f testspec.Result) bool {
	entry := f.Entry
	if m := regexp.MustCompile(`\bin (\w+): `).FindStringSubmatch(f.Reason); entry == "" && m != nil {
		entry = m[1]
	}
	src, err := os.ReadFile(f.File)
	if err != nil || entry == "" {
		return false
	}
	for _, line := range strings.Split(string(src), "\n") {
		if strings.HasPrefix(line, "entry "+entry+" ") {
			return strings.Contains(line, "vjp") || strings.Contains(line, "mjp")
		}
	}
	return false
}

// TestADCorpus runs the AD programs of the test corpus through Expand.
// Failures of entry points that use reverse mode (package rev, written
// alongside) are logged; every other failure fails the test.
func TestADCorpus(t *testing.T) {
	r := &testspec.Runner{Backend: adBackend{}, Select: testspec.Selection{Mode: testspec.Interpreted}, Concurrency: 2}
	rep, err := r.Run([]string{"../../tests/lang/ad", "../../tests/prelude/ad.fut"})
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range rep.Failures() {
		if strings.Contains(f.Reason, "reverse mode") || usesReverse(f) {
			t.Log(f.String())
			continue
		}
		t.Error(f.String())
	}
	t.Log(rep.Summary())
}
