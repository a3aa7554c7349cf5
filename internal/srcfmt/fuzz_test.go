package srcfmt

import (
	"bytes"
	"strings"
	"testing"

	"github.com/fluxion-lang/fluxion/internal/syntax"
)

// FuzzSource: every program that parses formats without an internal error
// (Source itself checks that the syntax tree and the comments stay), and
// formatting the result changes nothing.
func FuzzSource(f *testing.F) {
	f.Add("def f (x: i32) = x + 1 -- c\n")
	f.Add("def g xs =\n\t\tlet ys = map (+1) xs\n\t\tin ys[0]\n-- ==\n-- input { [1] }\n")
	f.Add("def a = (1,2,)   -- x\ndef b = [1, 2]  -- y\n\n\n\nentry main = a.0 + b[1]")
	f.Add("type t = {x: i32,\n      y: i32}\nmodule M = { def z = 0 }\n")
	f.Fuzz(func(t *testing.T, src string) {
		if _, err := syntax.ParseFile("f.fut", []byte(src), 0); err != nil {
			return
		}
		out, err := Source("f.fut", []byte(src))
		if err != nil {
			if strings.Contains(err.Error(), "internal error") {
				t.Fatalf("%q: %v", src, err)
			}
			return
		}
		again, err := Source("f.fut", out)
		if err != nil || !bytes.Equal(again, out) {
			t.Fatalf("%q formats to %q, which formats to %q (%v)", src, out, again, err)
		}
	})
}
