package gogen

import (
	"strings"
	"testing"

	"github.com/fluxion-lang/fluxion/internal/pipeline"
)

func TestExportedName(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"main", "Main"},
		{"grad_sumsq", "GradSumsq"},
		{"f'", "F"},
		{"2x", "E2x"},
		{"Ünï", "N"},
	} {
		if got := exportedName(tc.in); got != tc.want {
			t.Errorf("exportedName(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

// TestEntryNameClashes checks that entry names that map to the same Go
// name, or to a runtime name, get distinct exported functions.
func TestEntryNameClashes(t *testing.T) {
	src := `entry array (x: i32) = x
entry read_binary (x: i32) = x + 1
entry foo_bar (x: i32) = x + 2
entry fooBar (x: i32) = x + 3
entry set_memory_budget (x: i32) = x + 4`
	p, err := pipeline.CompileSource("t.fut", []byte(src), nil, pipeline.Options{Verify: true})
	if err != nil {
		t.Fatal(err)
	}
	files, err := Generate(p, "p")
	if err != nil {
		t.Fatal(err)
	}
	code := string(files["p.go"])
	for _, fn := range []string{"func Array_(", "func ReadBinary_(", "func FooBar(", "func FooBar_(", "func SetMemoryBudget_("} {
		if !strings.Contains(code, fn) {
			t.Errorf("generated code has no %q", fn)
		}
	}
}
