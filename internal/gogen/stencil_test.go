package gogen

import (
	"fmt"
	"math/rand"
	"regexp"
	"strings"
	"testing"

	"github.com/fluxion-lang/fluxion/internal/ir"
	"github.com/fluxion-lang/fluxion/internal/values"
)

// randomStencil writes a program whose entry main builds two arrays of n
// values and then a row of maps, each reading two or three of the arrays
// and the earlier maps' results, at its own index or rotated by dir (the
// same for the whole row, as a stencil group needs) or, now and then, by
// the other way or by two (which end a group). It returns the last
// result and one from the middle, so that some results are stored and
// others only carried.
func randomStencil(r *rand.Rand) string {
	var b strings.Builder
	b.WriteString("def row (n: i64) (s: f64) =\n")
	b.WriteString("  let a0 = map (\\i -> f64.i64 ((i * 7919) % 1000) * 0.001 + s) (iota n)\n")
	b.WriteString("  let a1 = map (\\i -> f64.i64 ((i * 104729) % 997) * 0.002 - 0.5) (iota n)\n")
	dir := 1
	if r.Intn(2) == 0 {
		dir = -1
	}
	arrays := 2
	maps := 3 + r.Intn(4)
	for k := 0; k < maps; k++ {
		nin := 2 + r.Intn(2)
		var ins, params []string
		for q := 0; q < nin; q++ {
			src := fmt.Sprintf("a%d", r.Intn(arrays))
			switch x := r.Intn(10); {
			case x < 5:
				src = fmt.Sprintf("(rotate (%d) %s)", dir, src)
			case x == 5:
				src = fmt.Sprintf("(rotate (%d) %s)", -dir, src)
			case x == 6:
				src = fmt.Sprintf("(rotate (%d) %s)", 2*dir, src)
			}
			ins = append(ins, src)
			params = append(params, fmt.Sprintf("p%d", q))
		}
		body := "p0 * 0.5 + p1 * p1 * 0.25"
		if nin == 3 {
			body += " - p2 * 0.125"
		}
		if r.Intn(3) == 0 {
			body = "if p0 > p1 then " + body + " else p1 - p0"
		}
		fmt.Fprintf(&b, "  let a%d = map%d (\\%s -> %s) %s\n", arrays, nin, strings.Join(params, " "), body, strings.Join(ins, " "))
		arrays++
	}
	mid := 2 + r.Intn(arrays-2)
	fmt.Fprintf(&b, "  in (a%d, a%d)\n", arrays-1, mid)
	b.WriteString("entry main (n: i64) (s: f64) = row n s\n")
	b.WriteString("entry rows (m: i64) (n: i64) = unzip (map (\\j -> row n (f64.i64 j * 0.25)) (iota m))\n")
	return b.String()
}

// TestStencilRandom runs random rows of maps (randomStencil) that form
// stencil groups through the generated code and the interpreter, at one
// and two cores, at widths around the warm steps and the chunks
// (parallel loops take 1024 elements at least per chunk). The results
// must agree bit for bit; enough of the programs must form groups for
// the test to test them.
func TestStencilRandom(t *testing.T) {
	if testing.Short() {
		t.Skip("builds generated packages; skipped in -short mode")
	}
	r := rand.New(rand.NewSource(7))
	group := regexp.MustCompile(`// A stencil group of`)
	var progs []*ir.Program
	var calls []diffCall
	var srcs []string
	groups := 0
	for k := 0; k < 12; k++ {
		src := randomStencil(r)
		c := diffCase{name: fmt.Sprintf("random %d", k), src: src}
		p := compileCase(t, &c)
		files, err := Generate(p, "p")
		if err != nil {
			t.Fatalf("%s: %v\n%s", c.name, err, src)
		}
		groups += len(group.FindAllString(string(files["p.go"]), -1))
		for _, n := range []int{0, 1, 2, 3, 5, 1024, 1025, 2500} {
			args, err := values.ParseText(fmt.Sprintf("%di64 0.75", n))
			if err != nil {
				t.Fatal(err)
			}
			calls = append(calls, diffCall{name: fmt.Sprintf("%s, n=%d", c.name, n), prog: len(progs), entry: "main", args: args})
		}
		for _, n := range []int{1, 2, 7} {
			args, err := values.ParseText(fmt.Sprintf("3i64 %di64", n))
			if err != nil {
				t.Fatal(err)
			}
			calls = append(calls, diffCall{name: fmt.Sprintf("%s, rows of %d", c.name, n), prog: len(progs), entry: "rows", args: args})
		}
		progs = append(progs, p)
		srcs = append(srcs, src)
	}
	if groups < 8 {
		t.Fatalf("the random programs form %d stencil groups, want at least 8", groups)
	}
	runCalls(t, progs, calls)
	if t.Failed() {
		for k, src := range srcs {
			t.Logf("random %d:\n%s", k, src)
		}
	}
}
