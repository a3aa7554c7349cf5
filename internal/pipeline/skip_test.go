package pipeline

import (
	"io/fs"
	"path/filepath"
	"strings"
	"testing"

	"github.com/fluxion-lang/fluxion/internal/check"
	"github.com/fluxion-lang/fluxion/internal/opt"
)

// TestSkippingChangesNothing compiles every third program of the
// repository (a fixed sample, to keep the test quick) twice: as the pipeline does, skipping the passes that Needs and the
// simplifier's settled set say would change nothing, and running every
// pass. The results must be the same program.
func TestSkippingChangesNothing(t *testing.T) {
	if testing.Short() {
		t.Skip("compiles programs of the repository twice")
	}
	n, seen := 0, 0
	for _, root := range []string{"../../tests", "../../bench", "../../examples"} {
		err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() || !strings.HasSuffix(path, ".fut") {
				return err
			}
			if seen++; seen%3 != 0 {
				return nil
			}
			cp, err := check.CheckFile(path)
			if err != nil {
				return nil // a program that must be rejected, or a library
			}
			fast, err1 := Compile(cp, Options{})
			opt.RunEveryPass = true
			full, err2 := Compile(cp, Options{})
			opt.RunEveryPass = false
			if (err1 == nil) != (err2 == nil) {
				t.Errorf("%s: skipping: %v; every pass: %v", path, err1, err2)
				return nil
			}
			if err1 == nil && fast.String() != full.String() {
				t.Errorf("%s: skipping passes changes the result", path)
			}
			n++
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	if n < 80 {
		t.Errorf("only %d programs compiled; is the repository being found?", n)
	}
}
