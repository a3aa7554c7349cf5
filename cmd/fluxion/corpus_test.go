package main

import (
	"bufio"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/fluxion-lang/fluxion/internal/testspec"
)

// knownFailuresFile lists the corpus programs that are known to fail, one
// path (relative to the repository root) per line, with the reason after a
// '#'. The test fails when a program fails that is not listed, and when a
// listed program passes (so that the list only ever shrinks).
const knownFailuresFile = "../../tests/known-failures.txt"

// TestCorpus runs every test block of the repository's programs on the
// interpreter: `fluxion test tests examples`.
func TestCorpus(t *testing.T) {
	runCorpus(t, &testspec.Runner{
		Backend: interpBackend{verify: true},
		Select:  testspec.Selection{Mode: testspec.Interpreted},
	})
}

// TestCorpusGo runs them compiled to Go, with `auto output` checked
// against the interpreter: `fluxion test --backend=go tests examples`.
// Together with TestCorpus this is the differential test of the backends.
func TestCorpusGo(t *testing.T) {
	if testing.Short() {
		t.Skip("builds every corpus program with the Go toolchain")
	}
	runCorpus(t, &testspec.Runner{
		Backend:   newGoBackend(nil),
		Reference: interpBackend{},
		Select:    testspec.Selection{Mode: testspec.Compiled},
	})
}

func runCorpus(t *testing.T, r *testspec.Runner) {
	known := readKnownFailures(t)
	rep, err := r.Run([]string{"../../tests", "../../examples"})
	if err != nil {
		t.Fatal(err)
	}
	failing := map[string][]string{}
	ran := map[string]bool{}
	for _, res := range rep.Results {
		rel := relPath(t, res.File)
		ran[rel] = true
		if res.Outcome == testspec.Fail {
			failing[rel] = append(failing[rel], res.String())
		}
	}
	var unexpected, fixed []string
	for f, lines := range failing {
		if _, ok := known[f]; !ok {
			unexpected = append(unexpected, strings.Join(lines, "\n"))
		}
	}
	for f := range known {
		if _, ok := failing[f]; !ok && ran[f] {
			fixed = append(fixed, f)
		}
	}
	sort.Strings(unexpected)
	sort.Strings(fixed)
	for _, u := range unexpected {
		t.Errorf("unexpected failure:\n%s", u)
	}
	for _, f := range fixed {
		t.Errorf("%s passes now: remove it from tests/known-failures.txt", f)
	}
	t.Logf("%s (%d programs known to fail)", rep.Summary(), len(known))
	if rep.Passed < 500 {
		t.Errorf("only %d cases passed; is the corpus being found?", rep.Passed)
	}
}

func readKnownFailures(t *testing.T) map[string]string {
	f, err := os.Open(knownFailuresFile)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	known := map[string]string{}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		path, reason, _ := strings.Cut(line, "#")
		known[strings.TrimSpace(path)] = strings.TrimSpace(reason)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return known
}

func relPath(t *testing.T, p string) string {
	abs, err := filepath.Abs(p)
	if err != nil {
		t.Fatal(err)
	}
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	rel, err := filepath.Rel(root, abs)
	if err != nil {
		t.Fatal(err)
	}
	return filepath.ToSlash(rel)
}
