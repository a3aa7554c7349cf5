// Package lang holds the language test corpus; its Go test checks that the
// test blocks agree with the programs they test.
package lang

import (
	"fmt"
	"io/fs"
	"path/filepath"
	"strings"
	"testing"

	"github.com/fluxion-lang/fluxion/internal/check"
	"github.com/fluxion-lang/fluxion/internal/prim"
	"github.com/fluxion-lang/fluxion/internal/testspec"
	"github.com/fluxion-lang/fluxion/internal/values"
)

// minPrograms is the promised size of the corpus (programs with test blocks).
const minPrograms = 150

// corpusFiles lists the .fut files of the corpus; errors/ holds programs
// that must not compile and is tested by the checker.
func corpusFiles(t *testing.T) []string {
	var files []string
	err := filepath.WalkDir(".", func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (p == "errors" || p == "oracle") {
			return filepath.SkipDir
		}
		if !d.IsDir() && strings.HasSuffix(p, ".fut") {
			files = append(files, p)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return files
}

// TestCorpusBlocks checks every case: its entry points exist, and its input
// and expected values have the entry's parameter and result types.
func TestCorpusBlocks(t *testing.T) {
	tested := 0
	for _, file := range corpusFiles(t) {
		spec, err := testspec.ParseFile(file)
		if err != nil {
			t.Errorf("%s: test blocks: %v", file, err)
			continue
		}
		if spec.Blocks == 0 {
			// Libraries and check-only programs must still type-check.
			if _, err := check.CheckFile(file); err != nil {
				t.Errorf("%s: %s", file, check.FormatError(err))
			}
			continue
		}
		tested++
		if spec.CompileError != nil {
			t.Errorf("%s: corpus programs must compile", file)
			continue
		}
		if len(spec.Cases) == 0 {
			t.Errorf("%s: test blocks without cases", file)
		}
		prog, err := check.CheckFile(file)
		if err != nil {
			t.Errorf("%s: %s", file, check.FormatError(err))
			continue
		}
		entries := map[string]*check.Entry{}
		for _, e := range prog.Entries {
			entries[e.Name] = e
		}
		for _, c := range spec.Cases {
			for _, name := range c.Entries {
				e, ok := entries[name]
				if !ok {
					t.Errorf("%s:%d: no entry point %q", file, c.Pos.Line, name)
					continue
				}
				if c.Input.Kind == testspec.InputValues {
					if err := matchAll(e.Params, c.Input.Values); err != nil {
						t.Errorf("%s:%d: entry %s input: %v", file, c.Pos.Line, name, err)
					}
				}
				if c.Expect.Kind == testspec.ExpectValues {
					if err := matchAll(e.Results, c.Expect.Values); err != nil {
						t.Errorf("%s:%d: entry %s output: %v", file, c.Pos.Line, name, err)
					}
				}
			}
		}
	}
	if tested < minPrograms {
		t.Errorf("only %d programs with test blocks; the corpus promises at least %d", tested, minPrograms)
	}
}

// matchAll checks that vs are values of the types ts, in order. A record
// or a sum (an opaque value) is given by its parts: fields in order; a sum's
// constructor index (i64), then every constructor's payloads.
func matchAll(types []check.Type, vs []values.Value) error {
	var ts []check.Type
	for _, t := range types {
		ts = append(ts, parts(t, nil)...)
	}
	if len(ts) != len(vs) {
		return fmt.Errorf("%d values for %d types", len(vs), len(ts))
	}
	for i := range ts {
		if err := matchType(ts[i], vs[i]); err != nil {
			return fmt.Errorf("value #%d: %v", i, err)
		}
	}
	return nil
}

// parts lists the types of the values that stand for a value of type t
// inside arrays of the given dimensions.
func parts(t check.Type, dims []check.Size) []check.Type {
	switch t := check.Resolve(t).(type) {
	case *check.Array:
		return parts(t.Elem, append(append([]check.Size{}, dims...), t.Size))
	case *check.Record:
		var out []check.Type
		for _, f := range t.Fields {
			out = append(out, parts(f.Type, dims)...)
		}
		return out
	case *check.Sum:
		out := []check.Type{check.ArrayOf(&check.Prim{P: prim.I64}, dims...)}
		for _, c := range t.Cons {
			for _, p := range c.Payload {
				out = append(out, parts(p, dims)...)
			}
		}
		return out
	}
	return []check.Type{check.ArrayOf(t, dims...)}
}

// matchType checks that v (a primitive or an array of primitives) has type t.
func matchType(t check.Type, v values.Value) error {
	rank := 0
	t = check.Resolve(t)
	for {
		a, ok := t.(*check.Array)
		if !ok {
			break
		}
		rank++
		t = check.Resolve(a.Elem)
	}
	p, ok := t.(*check.Prim)
	if !ok {
		return fmt.Errorf("type %s has no value format", check.TypeString(t))
	}
	if p.P != v.Elem() || rank != v.Rank() {
		return fmt.Errorf("value of rank %d and element type %s, want rank %d and %s", v.Rank(), v.Elem(), rank, p.P)
	}
	return nil
}
