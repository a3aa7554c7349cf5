package prelude_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/fluxion-lang/fluxion/internal/check"
	"github.com/fluxion-lang/fluxion/internal/testspec"
)

// flatType returns the element type name and rank of a transparent type,
// or ok=false for anything else.
func flatType(t check.Type) (elem string, rank int, ok bool) {
	for {
		switch x := check.Zonk(t).(type) {
		case *check.Array:
			rank++
			t = x.Elem
		case *check.Prim:
			return x.P.String(), rank, true
		default:
			return "", 0, false
		}
	}
}

// Every case in tests/prelude names an existing entry point and supplies
// inputs and expected outputs of exactly its parameter and result types.
func TestCorpusMatchesEntryTypes(t *testing.T) {
	files, err := filepath.Glob("../tests/prelude/*.fut")
	if err != nil || len(files) == 0 {
		t.Fatalf("no test programs found: %v", err)
	}
	for _, file := range files {
		spec, err := testspec.ParseFile(file)
		if err != nil {
			t.Errorf("%v", err)
			continue
		}
		if spec.CompileError != nil {
			continue
		}
		if len(spec.Cases) == 0 {
			t.Errorf("%s: no test cases", file)
			continue
		}
		src, _ := os.ReadFile(file)
		prog, err := check.CheckSource(file, src, check.OSLoader)
		if err != nil {
			t.Errorf("%s: %v", file, err)
			continue
		}
		entries := map[string]*check.Entry{}
		for _, e := range prog.Entries {
			entries[e.Name] = e
		}
		for _, c := range spec.Cases {
			for _, name := range c.Entries {
				e := entries[name]
				if e == nil {
					t.Errorf("%v: no entry point %s", c.Pos, name)
					continue
				}
				compare := func(what string, vs []testspec.Value, ts []check.Type) {
					if len(vs) != len(ts) {
						t.Errorf("%v: %s %s: %d values for %d types", c.Pos, name, what, len(vs), len(ts))
						return
					}
					for i, v := range vs {
						elem, rank, ok := flatType(ts[i])
						if !ok {
							t.Errorf("%v: %s %s #%d: type %s is not transparent", c.Pos, name, what, i, check.TypeString(ts[i]))
							continue
						}
						if elem != v.Elem().String() || rank != v.Rank() {
							t.Errorf("%v: %s %s #%d: value of type %s, rank %d; want %s, rank %d",
								c.Pos, name, what, i, v.Elem(), v.Rank(), elem, rank)
						}
					}
				}
				if c.Input.Kind == testspec.InputValues {
					compare("input", c.Input.Values, e.Params)
				}
				if c.Expect.Kind == testspec.ExpectValues {
					compare("output", c.Expect.Values, e.Results)
				}
			}
		}
	}
}
