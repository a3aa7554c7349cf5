package prelude_test

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/fluxion-lang/fluxion/internal/check"
	"github.com/fluxion-lang/fluxion/internal/prim"
	"github.com/fluxion-lang/fluxion/internal/testspec"
	"github.com/fluxion-lang/fluxion/internal/values"
)

// unpack splits a result of type t into its tuple components, recursively.
func unpack(v value, t check.Type) ([]value, []check.Type) {
	elems, ok := check.TupleElems(check.Zonk(t))
	r, isRec := v.(record)
	if !ok || len(elems) == 0 || !isRec {
		return []value{v}, []check.Type{t}
	}
	var vs []value
	var ts []check.Type
	for i, et := range elems {
		sv, st := unpack(r[fmt.Sprint(i)], et)
		vs = append(vs, sv...)
		ts = append(ts, st...)
	}
	return vs, ts
}

// resultValues converts the result f of entry e to external values.
func resultValues(f value, e *check.Entry) ([]values.Value, error) {
	t := e.Bind.Bind.Scheme.Type
	for range e.Params {
		t = check.Zonk(t).(*check.Func).Result
	}
	vs, ts := unpack(f, t)
	var out []values.Value
	for i, v := range vs {
		elem, rank, ok := flatType(ts[i])
		if !ok {
			return nil, fmt.Errorf("result %d has no external representation: %w", i, errUnsupported)
		}
		pt, _ := prim.Parse(elem)
		x, err := toValue(v, pt, rank)
		if err != nil {
			return nil, err
		}
		out = append(out, x)
	}
	return out, nil
}

// The programs of tests/prelude give their expected results under a direct
// evaluation of the checked program with this prelude.
func TestProgramsEvaluate(t *testing.T) {
	files, err := filepath.Glob("../tests/prelude/*.fut")
	if err != nil || len(files) == 0 {
		t.Fatalf("no test programs found: %v", err)
	}
	ran, skipped := 0, 0
	for _, file := range files {
		spec, err := testspec.ParseFile(file)
		if err != nil || spec.CompileError != nil {
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
			if c.Input.Kind != testspec.InputValues {
				continue
			}
			for _, name := range c.Entries {
				e := entries[name]
				if e == nil {
					continue
				}
				got, err := runEntry(prog, e, c.Input.Values)
				if errors.Is(err, errUnsupported) {
					skipped++
					t.Logf("%v: %s: skipped: %v", c.Pos, name, err)
					continue
				}
				ran++
				var rerr *runtimeError
				switch c.Expect.Kind {
				case testspec.ExpectError:
					if err == nil {
						t.Errorf("%v: %s: succeeded, expected an error", c.Pos, name)
					} else if !errors.As(err, &rerr) {
						t.Errorf("%v: %s: %v", c.Pos, name, err)
					} else if !c.Expect.Error.Match(err.Error()) {
						t.Errorf("%v: %s: error %q does not match %q", c.Pos, name, err, c.Expect.Error.Pattern)
					}
				case testspec.ExpectValues:
					if err != nil {
						t.Errorf("%v: %s: %v", c.Pos, name, err)
						continue
					}
					ms := values.Compare(c.Expect.Values, got)
					if len(ms) > 0 {
						var b strings.Builder
						for _, m := range ms {
							b.WriteString("\n\t" + m.Msg)
						}
						t.Errorf("%v: %s:%s", c.Pos, name, b.String())
					}
				default:
					if err != nil {
						t.Errorf("%v: %s: %v", c.Pos, name, err)
					}
				}
			}
		}
	}
	t.Logf("%d cases evaluated, %d skipped", ran, skipped)
	if ran < 200 {
		t.Errorf("only %d cases evaluated", ran)
	}
}
