package syntax

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The example programs must parse cleanly; a few spot checks make sure
// they parse into the intended structure.
func TestPrograms(t *testing.T) {
	checks := map[string][]struct {
		decl int
		want string
	}{
		"kmeans.fut": {
			{1, "(def closest_point () (params (: p1 (tuple i32 f32)) (: p2 (tuple i32 f32))) (tuple i32 f32) (if (< p1.1 p2.1) p1 p2))"},
		},
		"modules.fut": {
			{0, "(module-type monoid (sig (type t () _) (val zero () t) (val (+) () (-> t (-> t t)))))"},
			{8, "(module id_functor _ (mlambda (M: monoid) monoid M))"},
			{9, "(local (def helper () (params (: x f32)) _ (open f32 (+ (* x 2) 1))))"},
		},
		"misc.fut": {
			{0, `(import "lib/github.com/diku-dk/sorts/radix_sort")`},
			{4, "(def classify () (params (: x i32)) i32 (match x (case 0 0) (case -1 1) (case _ 2)))"},
			{13, "(def tabulated () (params n) _ (app (app tabulate n) (lambda (params i) _ (* (app f64.i64 i) 0.5))))"},
		},
	}
	files, _ := filepath.Glob("testdata/programs/*.fut")
	if len(files) < 3 {
		t.Fatalf("found %d example programs", len(files))
	}
	for _, name := range files {
		src, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		f, err := ParseFile(name, src, 0)
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		for _, c := range checks[filepath.Base(name)] {
			if c.decl >= len(f.Decls) {
				t.Errorf("%s: only %d declarations", name, len(f.Decls))
				continue
			}
			if got := Format(f.Decls[c.decl]); got != c.want {
				t.Errorf("%s: declaration %d:\n got %s\nwant %s", name, c.decl, got, c.want)
			}
		}
		// The printer must cover every node kind the parser produces.
		if out := Format(f); strings.Contains(out, "<*") || strings.Contains(out, "<nil>") {
			t.Errorf("%s: printer output has unknown or nil nodes", name)
		}
	}
}
