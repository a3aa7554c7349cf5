package check

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestIntrinsicSpecsMatchDocs keeps the checker's intrinsic types equal to
// the val specs of docs/INTRINSICS.md.
func TestIntrinsicSpecsMatchDocs(t *testing.T) {
	doc, err := os.ReadFile(filepath.Join(repoRoot(t), "docs", "INTRINSICS.md"))
	if err != nil {
		t.Skip("docs/INTRINSICS.md not found")
	}
	space := regexp.MustCompile(`\s+`)
	norm := func(s string) string {
		if i := strings.Index(s, "--"); i >= 0 {
			s = s[:i]
		}
		return space.ReplaceAllString(strings.TrimSpace(s), " ")
	}
	var want, got []string
	for _, line := range strings.Split(string(doc), "\n") {
		if strings.HasPrefix(line, "val __") {
			want = append(want, norm(line))
		}
	}
	for _, line := range strings.Split(intrinsicSpecs, "\n") {
		if strings.HasPrefix(line, "val __") {
			got = append(got, norm(line))
		}
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("intrinsic specs differ from docs/INTRINSICS.md:\nchecker:\n%s\ndocs:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}
