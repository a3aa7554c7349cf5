package lower

import (
	"fmt"
	"runtime/debug"
	"strings"
	"testing"

	"github.com/fluxion-lang/fluxion/internal/check"
	"github.com/fluxion-lang/fluxion/internal/interp"
	"github.com/fluxion-lang/fluxion/internal/values"
)

// TestLongOperatorChains checks and lowers chains of 30,000 operators
// (x + x + ... + x parses as ((x + x) + x) + ...) within a 16 MiB stack:
// the checker, the lowering and the walks over the typed AST must not
// recurse once per operator (each level took kilobytes of stack, so long
// chains took seconds and 200,000 terms crashed with a stack overflow).
// The lowered program must compute the chain's value.
func TestLongOperatorChains(t *testing.T) {
	const n = 30_000
	defer debug.SetMaxStack(debug.SetMaxStack(16 << 20))
	for _, c := range []struct {
		name, src, arg, want string
	}{
		{"sum", "entry main (x: i32) : i32 = " + strings.Repeat("x + ", n-1) + "x", "3i32", fmt.Sprint(3*n) + "i32"},
		{"difference", "entry main (x: i64) : i64 = " + strings.Repeat("x - ", n-1) + "x", "1i64", fmt.Sprint(2-n) + "i64"},
		{"conjunction", "entry main (x: bool) : bool = " + strings.Repeat("x && ", n-1) + "x", "true", "true"},
		{"user-defined operator", "def (+^) (a: i32) (b: i32) : i32 = a + b\nentry main (x: i32) : i32 = " + strings.Repeat("x +^ ", n-1) + "x", "1i32", fmt.Sprint(n) + "i32"},
		{"pipeline", "def inc (a: i32) : i32 = a + 1\nentry main (x: i32) : i32 = x" + strings.Repeat(" |> inc", n), "0i32", fmt.Sprint(n) + "i32"},
	} {
		t.Run(c.name, func(t *testing.T) {
			cp, err := check.CheckSource("chain.fut", []byte(c.src+"\n"), nil)
			if err != nil {
				t.Fatal(check.FormatError(err))
			}
			p, err := Program(cp)
			if err != nil {
				t.Fatal(err)
			}
			exe, err := interp.Compile(p)
			if err != nil {
				t.Fatal(err)
			}
			args, err := values.ParseText(c.arg)
			if err != nil {
				t.Fatal(err)
			}
			res, err := exe.RunValues("main", args)
			if err != nil {
				t.Fatal(err)
			}
			if got := res[0].String(); got != c.want {
				t.Errorf("got %s, want %s", got, c.want)
			}
		})
	}
}

// TestConcatChainSizes lowers a chain of 3,000 concatenations. The size of
// each result is the previous one's plus k, so the sizes nest; each must
// be computed from the previous one, once: computing every nest afresh
// made about n*n/2 statements (15 s of lowering for 2,000 terms, a minute
// more in the passes). The program must still compute the right array.
func TestConcatChainSizes(t *testing.T) {
	const n = 3000
	src := "entry main [k] (x: [k]i32) : []i32 = x" + strings.Repeat(" ++ x", n-1) + "\n"
	cp, err := check.CheckSource("concat.fut", []byte(src), nil)
	if err != nil {
		t.Fatal(check.FormatError(err))
	}
	p, err := Program(cp)
	if err != nil {
		t.Fatal(err)
	}
	stms := 0
	for _, f := range p.Funcs {
		stms += len(f.Body.Stms)
	}
	if stms > 4*n {
		t.Errorf("the chain lowered to %d statements, want at most %d (a few per term)", stms, 4*n)
	}
	exe, err := interp.Compile(p)
	if err != nil {
		t.Fatal(err)
	}
	args, err := values.ParseText("[1i32, 2i32]")
	if err != nil {
		t.Fatal(err)
	}
	res, err := exe.RunValues("main", args)
	if err != nil {
		t.Fatal(err)
	}
	want := "[" + strings.Repeat("1i32, 2i32, ", n-1) + "1i32, 2i32]"
	if got := res[0].String(); got != want {
		t.Errorf("got %.40s... (%d bytes), want %.40s... (%d bytes)", got, len(got), want, len(want))
	}
}
