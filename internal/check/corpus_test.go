package check

import (
	"bufio"
	"bytes"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// repoRoot finds the repository root from the package directory.
func repoRoot(t testing.TB) string {
	dir, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			t.Fatal("no go.mod above the test directory")
		}
		dir = parent
	}
}

// expectedCompileError returns the regex of a file whose first test block
// is "-- ==" followed by "-- error: REGEX", or "".
func expectedCompileError(src []byte) string {
	sc := bufio.NewScanner(bytes.NewReader(src))
	inBlock := false
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if !inBlock {
			if line == "-- ==" {
				inBlock = true
			}
			continue
		}
		if !strings.HasPrefix(line, "--") {
			return ""
		}
		body := strings.TrimSpace(strings.TrimPrefix(line, "--"))
		if body == "" {
			continue
		}
		if rest, ok := strings.CutPrefix(body, "error:"); ok {
			return strings.TrimSpace(rest)
		}
		return ""
	}
	return ""
}

// TestCorpus checks every .fut program under tests/: valid programs must
// check cleanly, programs expecting a compile error must fail with a
// message matching the regex.
func TestCorpus(t *testing.T) {
	root := repoRoot(t)
	var files []string
	filepath.WalkDir(filepath.Join(root, "tests"), func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(p, ".fut") {
			files = append(files, p)
		}
		return nil
	})
	if len(files) == 0 {
		t.Skip("no test programs")
	}
	for _, file := range files {
		rel, _ := filepath.Rel(root, file)
		t.Run(filepath.ToSlash(rel), func(t *testing.T) {
			src, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			want := expectedCompileError(src)
			_, err = CheckSource(filepath.ToSlash(rel), src, func(p string) ([]byte, error) {
				return os.ReadFile(filepath.Join(root, filepath.FromSlash(p)))
			})
			switch {
			case want == "" && err != nil:
				t.Errorf("unexpected error:\n%s", FormatError(err))
			case want != "" && err == nil:
				t.Errorf("expected an error matching %q, but the program checked", want)
			case want != "":
				re, rerr := regexp.Compile(want)
				if rerr != nil {
					t.Fatalf("bad regex %q: %v", want, rerr)
				}
				if !re.MatchString(err.Error()) {
					t.Errorf("error does not match %q:\n%s", want, err.Error())
				}
			}
		})
	}
}
