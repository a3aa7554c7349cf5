package check

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// FuzzCheck runs the checker on arbitrary sources. It must never panic or
// hang; imports resolve to a small in-memory library.
func FuzzCheck(f *testing.F) {
	root := repoRoot(f)
	filepath.WalkDir(filepath.Join(root, "tests", "lang"), func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(p, ".fut") && (strings.Contains(p, "errors") || strings.Contains(p, "inference") || strings.Contains(p, "modules") || strings.Contains(p, "types") || strings.Contains(p, "expressions")) {
			if src, err := os.ReadFile(p); err == nil {
				f.Add(src)
			}
		}
		return nil
	})
	for _, s := range []string{
		"def main (x: i32) = x + 1",
		"import \"lib\"\ndef main = lib_value + 1",
		"module type S = { type t val f : t -> t }\nmodule F (X: S) = { def g (x: X.t) = X.f (X.f x) }\nmodule M = F { type t = i32 def f (x: i32) = x * 2 }\ndef main = M.g 3",
		"def main (xs: []f32) = loop (s, i) = (0f32, 0) while i < length xs do (s + xs[i], i + 1)",
		"def f (o: #a i32 | #b (bool, f32)) = match o case #a x -> x case #b (t, _) -> if t then 1 else 0",
	} {
		f.Add([]byte(s))
	}
	lib := map[string]string{"lib.fut": "def lib_value = 41i32\n", "cyc.fut": "import \"cyc\"\n"}
	load := func(p string) ([]byte, error) {
		if s, ok := lib[p]; ok {
			return []byte(s), nil
		}
		return nil, fmt.Errorf("no file %s", p)
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		p, err := CheckSource("main.fut", src, load)
		if err == nil {
			if rerr := checkResolved(p); rerr != nil {
				t.Fatalf("checked program violates the output contract: %v", rerr)
			}
			return
		}
		if el, ok := err.(ErrorList); ok {
			for _, e := range el {
				if strings.Contains(e.Msg, "internal checker error") {
					t.Fatalf("internal error: %s", e)
				}
				_ = e.Excerpt()
			}
		}
	})
}
