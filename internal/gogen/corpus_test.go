package gogen

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/fluxion-lang/fluxion/internal/ad"
	"github.com/fluxion-lang/fluxion/internal/ir"
	"github.com/fluxion-lang/fluxion/internal/pipeline"
	"github.com/fluxion-lang/fluxion/internal/testspec"
)

// TestCorpus runs the inline test inputs of the language corpus through
// the interpreter and generated code. Building hundreds of packages takes
// minutes, so it runs only when FLUXION_GOGEN_CORPUS is set.
func TestCorpus(t *testing.T) {
	if os.Getenv("FLUXION_GOGEN_CORPUS") == "" {
		t.Skip("set FLUXION_GOGEN_CORPUS=1 to run the corpus through the Go backend")
	}
	var progs []*ir.Program
	var calls []diffCall
	skipped := 0
	for _, root := range []string{"../../tests/lang", "../../tests/prelude"} {
		err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if d.IsDir() && (d.Name() == "errors" || d.Name() == "oracle") {
				return filepath.SkipDir
			}
			if d.IsDir() || !strings.HasSuffix(path, ".fut") {
				return nil
			}
			spec, err := testspec.ParseFile(path)
			if err != nil || spec.Blocks == 0 || spec.CompileError != nil || spec.Disabled() {
				return nil
			}
			p, err := pipeline.CompileFile(path, pipeline.Options{})
			if err == nil {
				// Forward and reverse AD operators become ordinary IR.
				p, err = ad.Expand(p)
			}
			if err != nil {
				t.Logf("%s: %v", path, err)
				skipped++
				return nil
			}
			if _, err := Generate(p, "probe"); err != nil {
				t.Logf("%s: %v", path, err)
				skipped++
				return nil
			}
			idx := len(progs)
			progs = append(progs, p)
			for ci, c := range spec.Cases {
				for _, entry := range c.Entries {
					if p.Func(entry) == nil {
						continue
					}
					args, err := testspec.CaseInput(spec, c, entry)
					if err != nil {
						continue
					}
					n := 0
					for _, a := range args {
						n += a.Len()
					}
					if n > 20000 {
						continue
					}
					calls = append(calls, diffCall{name: fmt.Sprintf("%s#%d/%s", path, ci, entry), prog: idx, entry: entry, args: args})
				}
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	t.Logf("%d programs, %d calls, %d programs skipped", len(progs), len(calls), skipped)
	runCalls(t, progs, calls)
}
