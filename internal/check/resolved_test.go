package check

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"
)

// unresolved describes the first inference variable or size meta left in
// t, or "".
func unresolved(t Type) string {
	msg := ""
	walkVars(t, func(v *TypeVar) {
		if msg == "" {
			msg = "type variable " + TypeString(v)
		}
	})
	walkSizes(t, func(s Size) {
		walkSizeMetas(s, func(*SizeMeta) {
			if msg == "" {
				msg = "size variable in " + TypeString(t)
			}
		})
	})
	return msg
}

// checkResolved verifies the output contract: every type in the program
// is fully resolved, every instance matches its binding's scheme, and
// operators and literals carry concrete primitive types.
func checkResolved(p *Program) error {
	var err error
	fail := func(e Expr, format string, args ...any) {
		if err == nil {
			err = fmt.Errorf("%s: %s", e.Pos(), fmt.Sprintf(format, args...))
		}
	}
	var pat func(Pat)
	pat = func(q Pat) {
		if m := unresolved(q.Type()); m != "" && err == nil {
			err = fmt.Errorf("%s: pattern has %s", q.Pos(), m)
		}
		switch q := q.(type) {
		case *PRecord:
			for _, f := range q.Fields {
				pat(f.Pat)
			}
		case *PConstr:
			for _, a := range q.Args {
				pat(a)
			}
		}
	}
	for _, d := range p.Decls {
		if m := unresolved(d.Bind.Scheme.Type); m != "" {
			return fmt.Errorf("%s: scheme of %s has %s", d.Pos, d.Bind.Name, m)
		}
		for _, q := range d.Params {
			pat(q)
		}
		Inspect(d.Body, func(e Expr) bool {
			if m := unresolved(e.Type()); m != "" {
				fail(e, "%T has %s", e, m)
			}
			InspectPats(e, pat)
			switch e := e.(type) {
			case *VarRef:
				for _, t := range e.Inst.Types {
					if m := unresolved(t); m != "" {
						fail(e, "instance of %s has %s", e.Bind.Name, m)
					}
				}
				for _, s := range e.Inst.Sizes {
					if _, ok := ResolveSize(s).(*SizeMeta); ok {
						fail(e, "instance of %s has an unresolved size", e.Bind.Name)
					}
				}
				if len(e.Inst.Types) != len(e.Bind.Scheme.TypeParams) || len(e.Inst.Sizes) != len(e.Bind.Scheme.SizeParams) {
					fail(e, "instance of %s has %d types and %d sizes, its scheme %d and %d", e.Bind.Name, len(e.Inst.Types), len(e.Inst.Sizes), len(e.Bind.Scheme.TypeParams), len(e.Bind.Scheme.SizeParams))
				}
			case *Lit:
				if e.Prim == 0 {
					fail(e, "literal without a primitive type")
				}
			case *BinOpExpr:
				if _, ok := e.Operand.(*Prim); !ok && e.Op != "==" && e.Op != "!=" {
					fail(e, "operator %s on non-primitive %s", e.Op, TypeString(e.Operand))
				}
			case *UnOpExpr:
				if e.Prim == 0 {
					fail(e, "prefix operator without a primitive type")
				}
			}
			return err == nil
		})
		if err != nil {
			return err
		}
	}
	return nil
}

// TestCorpusResolved checks the output contract on every valid program of
// the corpus and on the prelude.
func TestCorpusResolved(t *testing.T) {
	root := repoRoot(t)
	files, _ := filepath.Glob(filepath.Join(root, "tests", "*", "*", "*.fut"))
	more, _ := filepath.Glob(filepath.Join(root, "tests", "*", "*.fut"))
	files = append(files, more...)
	for _, file := range files {
		src, err := os.ReadFile(file)
		if err != nil || expectedCompileError(src) != "" {
			continue
		}
		rel, _ := filepath.Rel(root, file)
		p, err := CheckSource(filepath.ToSlash(rel), src, func(q string) ([]byte, error) {
			return os.ReadFile(filepath.Join(root, filepath.FromSlash(q)))
		})
		if err != nil {
			continue // reported by TestCorpus
		}
		if err := checkResolved(p); err != nil {
			t.Errorf("%s: %v", rel, err)
		}
		if err := checkBound(p); err != nil {
			t.Errorf("%s: %v", rel, err)
		}
	}
}
