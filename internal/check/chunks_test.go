package check

import (
	"os"
	"regexp"
	"strings"
	"testing"
)

// TestErrorChunks runs the chunked error tests of testdata/errors.txt.
func TestErrorChunks(t *testing.T) {
	data, err := os.ReadFile("testdata/errors.txt")
	if err != nil {
		t.Fatal(err)
	}
	var chunks []string
	var cur []string
	for _, line := range strings.Split(string(data), "\n") {
		switch {
		case strings.HasPrefix(line, "#"):
		case line == "---":
			chunks = append(chunks, strings.Join(cur, "\n"))
			cur = nil
		default:
			cur = append(cur, line)
		}
	}
	chunks = append(chunks, strings.Join(cur, "\n"))
	for i, chunk := range chunks {
		wantLine := 0
		var want *regexp.Regexp
		for n, line := range strings.Split(chunk, "\n") {
			if _, re, ok := strings.Cut(line, "-- ERROR "); ok {
				wantLine = n + 1
				want = regexp.MustCompile(re)
			}
		}
		if want == nil {
			t.Fatalf("chunk %d has no ERROR line", i+1)
		}
		_, err := CheckSource("chunk.fut", []byte(chunk), nil)
		if err == nil {
			t.Errorf("chunk %d: no error, want %q", i+1, want)
			continue
		}
		el, ok := err.(ErrorList)
		if !ok {
			t.Errorf("chunk %d: %v", i+1, err)
			continue
		}
		e := el[0]
		if e.Pos.Line != wantLine || !want.MatchString(e.Msg) {
			t.Errorf("chunk %d: got %s, want line %d matching %q", i+1, e, wantLine, want)
		}
	}
}
