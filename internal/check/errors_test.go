package check

import (
	"fmt"
	"strings"
	"testing"
	"unicode/utf8"
)

// TestExcerpt checks the rendering of an error with its source line.
func TestExcerpt(t *testing.T) {
	tests := []struct {
		src, want string
	}{
		{"def f = foo\n", "e.fut:1:9: unknown name foo\n  def f = foo\n          ^"},
		{"def g = 1\n\tdef f = g + true\n", "e.fut:2:14: cannot unify i32 with bool in the right operand of + (the left operand has type i32)\n   def f = g + true\n               ^"},
	}
	for _, tt := range tests {
		_, err := CheckSource("e.fut", []byte(tt.src), nil)
		if err == nil {
			t.Errorf("%q: no error", tt.src)
			continue
		}
		if got := FormatError(err); got != tt.want {
			t.Errorf("%q:\ngot\n%s\nwant\n%s", tt.src, got, tt.want)
		}
	}
}

// TestExcerptOfLongLine checks that the excerpt of a very long line is a
// window around the column (a 100,000-term line printed whole made 200 KB
// of error output), with the caret still under the offending text.
func TestExcerptOfLongLine(t *testing.T) {
	long := strings.Repeat("x + ", 50_000)
	tests := []struct {
		name, src string
		col       int // of the error, 1-based
	}{
		{"error in the middle", "def f (x: i32) = " + long + "y + " + long + "x\n", 18 + len(long)},
		{"error at the end", "def f (x: i32) = " + long + "y\n", 18 + len(long)},
		{"error at the start", "def f (x: i32) = y + " + long + "x\n", 18},
		{"multi-byte text around", "def f (x: i32) = let s = \"" + strings.Repeat("«»", 20_000) + "\" in y\n", 0},
		{"multi-byte text after", "def f (x: i32) = y + length \"" + strings.Repeat("«»", 20_000) + "\"\n", 18},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := CheckSource("e.fut", []byte(tt.src), nil)
			if err == nil {
				t.Fatal("no error")
			}
			got := FormatError(err)
			lines := strings.Split(got, "\n")
			if len(lines) != 3 || len(lines[1]) > 2+maxExcerpt+6 {
				t.Fatalf("excerpt of %d bytes in %d lines, want 3 lines of at most %d bytes:\n%.300s", len(got), len(lines), maxExcerpt+8, got)
			}
			caret := strings.Index(lines[2], "^")
			if shown := []rune(lines[1]); caret < 0 || caret >= len(shown) || shown[caret] != 'y' {
				t.Errorf("caret at %d is not under the unknown name y:\n%s", caret, got)
			}
			if tt.col > 0 && !strings.HasPrefix(got, fmt.Sprintf("e.fut:1:%d: unknown name y", tt.col)) {
				t.Errorf("message %.80q, want column %d", got, tt.col)
			}
			if !utf8.ValidString(got) {
				t.Errorf("excerpt cuts a character in two: %q", lines[1])
			}
		})
	}
}

// TestSeveralErrors checks that each failing declaration reports its own
// error and later declarations are still checked.
func TestSeveralErrors(t *testing.T) {
	// e uses the failed a, so its polymorphism is a consequence; f's own.
	src := "def a = x\ndef b : i32 = true\ndef c = a + 1\ndef d = y\nentry e (z: i32) = a z\nentry f z = z\n"
	_, err := CheckSource("s.fut", []byte(src), nil)
	el, ok := err.(ErrorList)
	if !ok {
		t.Fatalf("want an ErrorList, got %v", err)
	}
	var lines []int
	for _, e := range el {
		lines = append(lines, e.Pos.Line)
	}
	if fmt.Sprint(lines) != "[1 2 4 6]" {
		t.Errorf("errors on lines %v, want [1 2 4 6]:\n%s", lines, err)
	}
}

// TestLargeTypes checks that exponentially large types are rejected
// rather than making the checker hang.
func TestLargeTypes(t *testing.T) {
	var b strings.Builder
	b.WriteString("def f (x0: i32) =\n")
	for i := 1; i < 64; i++ {
		fmt.Fprintf(&b, "  let x%d = (x%d, x%d)\n", i, i-1, i-1)
	}
	b.WriteString("  in x63\n")
	_, err := CheckSource("big.fut", []byte(b.String()), nil)
	if err == nil || !strings.Contains(err.Error(), "too large") {
		t.Fatalf("want a 'too large' error, got %v", err)
	}
}

// TestNoCascades checks that names from a failed import, module or type
// declaration do not produce further errors.
func TestNoCascades(t *testing.T) {
	tests := []struct {
		src   string
		lines string
	}{
		{"import \"missing\"\ndef f = g 1\ndef h = k\n", "[1]"},
		{"module M = { def x : i32 = true }\ndef f = M.x\ndef g = M.y\n", "[1 3]"},
		{"module M : {val x : i32} = { def y = 1i32 }\ndef f = M.x\ndef g = M.y\n", "[1]"},
		{"type t = [2]nope\ndef f (x: t) = x\ndef g = unknown\n", "[1 3]"},
		{"module M = { def x : i32 = true }\nopen M\ndef f = x\n", "[1]"},
	}
	for _, tt := range tests {
		_, err := CheckSource("c.fut", []byte(tt.src), nil)
		el, ok := err.(ErrorList)
		if !ok {
			t.Errorf("%q: want an ErrorList, got %v", tt.src, err)
			continue
		}
		var lines []int
		for _, e := range el {
			lines = append(lines, e.Pos.Line)
		}
		if fmt.Sprint(lines) != tt.lines {
			t.Errorf("%q: errors on lines %v, want %s:\n%s", tt.src, lines, tt.lines, err)
		}
	}
}

// TestSuggestions checks the "did you mean" hints of unknown names.
func TestSuggestions(t *testing.T) {
	tests := []struct{ src, want string }{
		{"def total_sum = 1\ndef f = totl_sum", "unknown name totl_sum (did you mean total_sum?)"},
		{"def f (xs: []f32) = f32.summ xs", "module f32 has no member summ (did you mean sum?)"},
		{"def f = reduse (+) 0 [1]", "unknown name reduse (did you mean reduce?)"},
		{"def f = qqqqqq", "unknown name qqqqqq"},
	}
	for _, tt := range tests {
		_, err := CheckSource("s.fut", []byte(tt.src), nil)
		el, ok := err.(ErrorList)
		if !ok || el[0].Msg != tt.want {
			t.Errorf("%q: got %v, want %q", tt.src, err, tt.want)
		}
	}
}
