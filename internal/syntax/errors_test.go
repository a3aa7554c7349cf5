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

// Full error texts, including columns and the file:line:col format.
func TestErrorText(t *testing.T) {
	for _, tc := range []struct{ src, want string }{
		{"def x = (1, 2", "e.fut:1:14: expected ) to close parenthesis, found end of file"},
		{"def x = 1\ndef y = if a then b", "e.fut:2:20: expected 'else' after then branch, found end of file"},
		{"def f = \\x : i32 = x", "e.fut:1:18: expected -> after lambda parameters, found '='"},
		{"def a = )\ndef b = ]", "e.fut:1:9: expected an expression, found ')'\ne.fut:2:9: expected an expression, found ']'"},
		{"def x = 0b12", "e.fut:1:9: malformed numeric literal 0b12"},
		{"type t = [n]i32 -> ", "e.fut:1:20: expected a type, found end of file"},
	} {
		_, err := ParseFile("e.fut", []byte(tc.src), 0)
		if err == nil {
			t.Errorf("%q: no error, want %s", tc.src, tc.want)
			continue
		}
		if got := err.Error(); got != tc.want {
			t.Errorf("%q:\n got %s\nwant %s", tc.src, got, tc.want)
		}
	}
}
