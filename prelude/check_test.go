package prelude_test

import (
	"io/fs"
	"testing"

	"github.com/fluxion-lang/fluxion/internal/check"
	"github.com/fluxion-lang/fluxion/prelude"
)

func checkTrivial(t *testing.T) *check.Program {
	t.Helper()
	prog, err := check.CheckSource("main.fut", []byte("entry main (x: i32) : i32 = x\n"), nil)
	if err != nil {
		t.Fatalf("the prelude does not check:\n%s", check.FormatError(err))
	}
	return prog
}

func TestPreludeChecks(t *testing.T) {
	checkTrivial(t)
}

// No prelude definition may call itself: every one is meant to terminate
// after a fixed number of steps, and a definition's own name being in scope
// in its body makes accidental self-reference easy (e.g. an operator member
// defined with the operator it shadows).
func TestPreludeNotRecursive(t *testing.T) {
	prog := checkTrivial(t)
	files := map[string]bool{}
	entries, err := fs.ReadDir(prelude.FS, ".")
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		files[e.Name()] = true
	}
	seen := 0
	for _, d := range prog.Decls {
		if !files[d.Pos.File] {
			continue
		}
		seen++
		if d.Body == nil {
			continue
		}
		check.Inspect(d.Body, func(e check.Expr) bool {
			if v, ok := e.(*check.VarRef); ok && v.Bind == d.Bind {
				t.Errorf("%s: %s refers to itself", v.Pos(), d.Bind.Name)
			}
			return true
		})
	}
	if seen < 100 {
		t.Fatalf("found only %d prelude definitions; are prelude positions named by file?", seen)
	}
}
