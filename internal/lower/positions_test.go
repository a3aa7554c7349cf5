package lower_test

import (
	"strings"
	"testing"

	"github.com/fluxion-lang/fluxion/internal/interp"
	"github.com/fluxion-lang/fluxion/internal/pipeline"
	"github.com/fluxion-lang/fluxion/internal/values"
)

// TestPreludeErrorPositions checks that run-time errors raised by code
// inlined from the prelude point at the user's call, through the whole
// pipeline (simplification and AD included).
func TestPreludeErrorPositions(t *testing.T) {
	tests := []struct {
		name, src string
		args      []string
		want      string // "file:line:col: message prefix"
	}{
		{"head of empty", "entry main (xs: []i32) =\n  let ys = filter (> 10) xs\n  in head ys + 1",
			[]string{"[1, 2]"}, "u.fut:3:6: Index [0] out of bounds"},
		{"last of empty", "entry main (xs: []i32) = last (filter (> 10) xs)",
			[]string{"[1, 2]"}, "u.fut:1:26: Index [-1] out of bounds"},
		{"map2 of different lengths", "entry main [n] (xs: []i32) (ys: [n]i32) =\n  map2 (+) (filter (> 0) xs :> [n]i32) ys",
			[]string{"[1, -2]", "[1, 3]"}, "u.fut:2:13:"},
		{"through a user function", "def first (xs: []i32) = head xs\nentry main (xs: []i32) = first (filter (> 10) xs)",
			[]string{"[1, 2]"}, "u.fut:1:25: Index [0] out of bounds"},
		{"user lambda inside map", "entry main (xs: []i32) (is: []i64) =\n  map (\\i -> xs[i]) is",
			[]string{"[1, 2]", "[5i64]"}, "u.fut:2:14: Index [5] out of bounds"},
		{"pipe", "entry main (xs: []i32) = filter (> 10) xs |> head",
			[]string{"[1, 2]"}, "u.fut:1:"},
		{"user index unchanged", "entry main (xs: []i32) = xs[3]",
			[]string{"[1, 2]"}, "u.fut:1:26: Index [3] out of bounds"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p, err := pipeline.CompileSource("u.fut", []byte(tc.src), nil, pipeline.Options{})
			if err != nil {
				t.Fatal(err)
			}
			c, err := interp.Compile(p)
			if err != nil {
				t.Fatal(err)
			}
			var in []interp.Value
			for _, a := range tc.args {
				vs, err := values.ReadAll(strings.NewReader(a))
				if err != nil {
					t.Fatal(err)
				}
				for _, v := range vs {
					iv, err := interp.FromValue(v)
					if err != nil {
						t.Fatal(err)
					}
					in = append(in, iv)
				}
			}
			_, err = c.Run("main", in)
			// Errors read "message (at file:line:col)".
			pos, msg, _ := strings.Cut(tc.want, ": ")
			if strings.HasSuffix(tc.want, ":") {
				pos, msg = strings.TrimSuffix(tc.want, ":"), ""
			}
			if err == nil || !strings.HasPrefix(err.Error(), msg) || !strings.Contains(err.Error(), "(at "+pos) {
				t.Errorf("got error %v, want one starting with %q at %s", err, msg, pos)
			}
		})
	}
}
