package testspec

import (
	"strings"
	"testing"
)

// FuzzParseBlocks checks that any source parses to a spec or to a
// positioned error, without panicking or hanging.
func FuzzParseBlocks(f *testing.F) {
	f.Add(example37)
	f.Add("-- ==\n-- input { 1 } output { 2 }\n")
	f.Add("-- ==\n-- tags { a b }\n-- entry: f g\n-- \"n\" compiled random input { [2][3]f32 1i64 } auto output\n")
	f.Add("-- ==\n-- input @ data/x.in.gz output @ data/x.out\n-- input { 0 } error: .*\n-- structure gpu { SegMap 1 }\n-- warning: w\n")
	f.Add("-- ==\n-- error: compile\n")
	f.Add("--==\n--input{\"}\"}output{\n--1}\n")
	f.Add("-- ==\n-- input { [1, 2\n")
	f.Add("-- ==\n-- structure { Map 1 }\n-- warning: unused\n-- script input { let (a, b) = f {x = 1} in g b a }\n-- script output { h 1 }\n-- script input @ s.txt\n")
	f.Fuzz(func(t *testing.T, src string) {
		spec, err := Parse("f.fut", []byte(src))
		if err != nil {
			e, ok := err.(*Error)
			if !ok {
				t.Fatalf("error %v is %T, not *Error", err, err)
			}
			if e.Pos.Line < 1 || e.Pos.Col < 1 || !strings.HasPrefix(err.Error(), "f.fut:") {
				t.Fatalf("bad error position: %v", err)
			}
			return
		}
		for _, c := range spec.Cases {
			if len(c.Entries) == 0 {
				t.Fatalf("case at %v has no entry points", c.Pos)
			}
			_ = c.DatasetName()
		}
	})
}
