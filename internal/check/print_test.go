package check

import (
	"regexp"
	"strings"
	"testing"
)

// TestPrint checks the rendering of a small typed program.
func TestPrint(t *testing.T) {
	p, err := CheckSource("p.fut", []byte("def f (x: i32) = x + 1\nentry main (xs: [3]f32) = (map (* 2) xs, f 2)\n"), nil)
	if err != nil {
		t.Fatal(FormatError(err))
	}
	got := regexp.MustCompile(`_[0-9]+`).ReplaceAllString(p.String(), "_?")
	for _, want := range []string{
		"(x_?: i32) : i32 =\n  (x_? +@i32 1i32)",
		"map_?@[f32, f32, [3]] (let (y_?: f32) = 2f32",
		"entry main: ([3]f32) -> (*[3]f32, i32)",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("output lacks %q:\n%s", want, got)
		}
	}
	if strings.Contains(got, "def reduce") {
		t.Errorf("prelude bindings printed:\n%s", got)
	}
}
