package srcfmt

import (
	"bytes"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/fluxion-lang/fluxion/internal/syntax"
)

// TestCorpus formats every program of the repository: formatting succeeds
// (Source checks the syntax tree and the comments itself) and is
// idempotent.
func TestCorpus(t *testing.T) {
	n := 0
	for _, root := range []string{"../../tests", "../../examples", "../../bench"} {
		filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() || !strings.HasSuffix(path, ".fut") {
				return err
			}
			src, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			out, err := Source(path, src)
			if err != nil {
				if _, perr := syntax.ParseFile(path, src, 0); perr != nil {
					return nil // a program that must be rejected
				}
				t.Errorf("%s: %v", path, err)
				return nil
			}
			again, err := Source(path, out)
			if err != nil || !bytes.Equal(again, out) {
				t.Errorf("%s: formatting is not idempotent (%v)", path, err)
			}
			n++
			return nil
		})
	}
	if n < 300 {
		t.Errorf("only %d programs formatted", n)
	}
}
