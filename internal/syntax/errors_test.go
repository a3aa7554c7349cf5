package syntax

import (
	"os"
	"regexp"
	"strings"
	"testing"
)

// TestErrors runs the chunked error tests in testdata/errors.fut: each
// expected error must be reported on its line, and no error may appear on
// a line without an expectation.
func TestErrors(t *testing.T) {
	data, err := os.ReadFile("testdata/errors.fut")
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(string(data), "\n")
	chunkStart := 0
	for i := 0; i <= len(lines); i++ {
		if i < len(lines) && lines[i] != "---" {
			continue
		}
		checkChunk(t, lines[chunkStart:i], chunkStart+1)
		chunkStart = i + 1
	}
}

func checkChunk(t *testing.T, lines []string, firstLine int) {
	t.Helper()
	want := map[int]*regexp.Regexp{} // chunk line -> expected message
	src := make([]string, len(lines))
	for i, l := range lines {
		if k := strings.Index(l, "###"); k >= 0 {
			want[i+1] = regexp.MustCompile(strings.TrimSpace(l[k+3:]))
			l = l[:k]
		}
		src[i] = l
	}
	text := strings.TrimRight(strings.Join(src, "\n"), " \n")
	_, err := ParseFile("chunk.fut", []byte(text), 0)
	var got ErrorList
	if err != nil {
		got = err.(ErrorList)
	}
	matched := map[int]bool{}
	for _, e := range got {
		if strings.Contains(e.Msg, "internal parser error") {
			t.Errorf("line %d: %v", firstLine+e.Pos.Line-1, e)
		}
		re, ok := want[e.Pos.Line]
		switch {
		case !ok:
			t.Errorf("line %d: unexpected error: %s", firstLine+e.Pos.Line-1, e.Msg)
		case !re.MatchString(e.Msg):
			t.Errorf("line %d: error %q does not match %q", firstLine+e.Pos.Line-1, e.Msg, re)
		default:
			matched[e.Pos.Line] = true
		}
		if e.Pos.File != "chunk.fut" || e.Pos.Col < 1 {
			t.Errorf("line %d: bad position %v", firstLine+e.Pos.Line-1, e.Pos)
		}
	}
	for line, re := range want {
		if !matched[line] {
			t.Errorf("line %d: missing error matching %q", firstLine+line-1, re)
		}
	}
}
