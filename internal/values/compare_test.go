package values

import (
	"strings"
	"testing"
)

func TestCompare(t *testing.T) {
	tests := []struct {
		expected, actual string
		want             []string // mismatch messages; none means a pass
	}{
		{"1 2.5", "1 2.5", nil},
		{"[1.0, 2.0]", "[1.0015, 2.002]", nil}, // within the 0.002 floor
		{"[1.0, 2.0]", "[1.0039, 2.0]", nil},   // tol = 0.002*2
		{"[1.0, 2.0]", "[1.0041, 2.0]", []string{"Value #0 index [0]: expected 1f64, got 1.0041"}},
		{"[1000.0, 1.0]", "[1001.9, 2.9]", nil}, // tol = 0.002*1000 = 2 for every element
		{"[1000.0, 1.0]", "[1000.0, 3.1]", []string{"Value #0 index [1]: expected 1f64, got 3.1f64"}},
		{"[-1000.0, 1.0]", "[-1000.01, 1.0]", []string{"Value #0 index [0]: expected -1000f64, got -1000.01f64"}}, // negative elements do not raise tol
		{"[f64.inf, 1.0]", "[f64.inf, 1.0]", nil},                                                                 // infinities do not raise tol
		{"[f64.inf]", "[-f64.inf]", []string{"Value #0 index [0]: expected f64.inf, got -f64.inf"}},
		{"[f64.inf]", "[1e308]", []string{"Value #0 index [0]: expected f64.inf"}},
		{"[f64.nan]", "[f64.nan]", nil},
		{"[f64.nan]", "[1.0]", []string{"Value #0 index [0]: expected f64.nan, got 1f64"}},
		{"[1.0]", "[f64.nan]", []string{"Value #0 index [0]: expected 1f64, got f64.nan"}},
		{"f32.nan", "f32.nan", nil},
		{"1.0f32", "1.001f32", nil},
		{"2.0f16", "2.001f16", nil},
		{"1.0", "1.0f32", []string{"Value #0: expected type f64, got f32"}},
		{"[1]", "1", []string{"Value #0: expected type []i32, got i32"}},
		{"[1, 2]", "[1, 2, 3]", []string{"Value #0: expected shape [2], got [3]"}},
		{"empty([0]i32)", "empty([0]i32)", nil},
		{"empty([2][0]i32)", "empty([0][2]i32)", []string{"Value #0: expected shape [2][0], got [0][2]"}},
		{"1 2", "1 3", []string{"Value #1: expected 2i32, got 3i32"}},
		{"true", "false", []string{"Value #0: expected true, got false"}},
		{"[[1, 2], [3, 4]]", "[[1, 2], [4, 4]]", []string{"Value #0 index [1,0]: expected 3i32, got 4i32"}},
		{"1 2", "1", []string{"Expected 2 values, got 1"}},
		{"[0u8, 1, 2, 3, 4, 5, 6]", "[9u8, 9, 9, 9, 9, 9, 9]", []string{
			"Value #0 index [0]: expected 0u8, got 9u8",
			"Value #0 index [1]",
			"Value #0 index [2]",
			"Value #0 index [3]",
			"Value #0 index [4]: expected 4u8, got 9u8",
		}},
	}
	for _, tt := range tests {
		e, err1 := ParseText(tt.expected)
		a, err2 := ParseText(tt.actual)
		if err1 != nil || err2 != nil {
			t.Fatalf("bad test data: %v %v", err1, err2)
		}
		ms := Compare(e, a)
		if len(ms) != len(tt.want) {
			t.Errorf("Compare(%s, %s) = %v, want %q", tt.expected, tt.actual, ms, tt.want)
			continue
		}
		for k, m := range ms {
			if !strings.HasPrefix(m.String(), tt.want[k]) {
				t.Errorf("Compare(%s, %s)[%d] = %q, want %q", tt.expected, tt.actual, k, m, tt.want[k])
			}
		}
	}
}
