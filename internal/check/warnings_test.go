package check

import (
	"strings"
	"testing"
)

// TestHoleWarnings checks that typed holes are accepted with one warning
// each, naming the hole's position and inferred type.
func TestHoleWarnings(t *testing.T) {
	tests := []struct {
		src  string
		want []string
	}{
		{"def f (x: i32) : i32 = x + ???", []string{"w.fut:1:28: warning: Hole of type: i32"}},
		{"def g : [3]f64 -> f64 = ???\ndef h (b: bool) = if b then ??? else (1i8, true)",
			[]string{"w.fut:1:25: warning: Hole of type: [3]f64 -> f64", "w.fut:2:29: warning: Hole of type: (i8, bool)"}},
		{"def k (x: i32) = x + 1", nil},
	}
	for _, tc := range tests {
		p, err := CheckSource("w.fut", []byte(tc.src), nil)
		if err != nil {
			t.Errorf("%q: %v", tc.src, err)
			continue
		}
		var got []string
		for _, w := range p.Warnings {
			got = append(got, w.String())
		}
		if strings.Join(got, "\n") != strings.Join(tc.want, "\n") {
			t.Errorf("%q: warnings\n%s\nwant\n%s", tc.src, strings.Join(got, "\n"), strings.Join(tc.want, "\n"))
		}
	}
}
