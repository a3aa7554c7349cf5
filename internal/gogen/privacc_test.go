package gogen

import (
	"fmt"
	"regexp"
	"strings"
	"testing"
)

// The maps that reverse mode makes to add into the adjoints of free arrays
// update accumulators; at the top level they run in parallel chunks, each
// with accumulators of its own (privAccs), merged in chunk order. The
// values are small integers, so the interpreter's order of additions and
// the chunks' give the same bits.
var privAccCases = []diffCase{
	// Heavy elements (an inner map), more than outerMin of them: one
	// chunk per element.
	{name: "private heavy", src: `entry main (xs: []f64) (c: []f64) : []f64 =
  vjp (\c -> f64.sum (map (\x -> f64.minimum (map (\ci -> (ci - x) * (ci - x)) c)) xs)) c 1.0`,
		args: []string{ints(40, 7), "[1.0, -2.0, 3.0]"}},
	// Light elements: chunks of 1024, three of them here.
	{name: "private light", src: `entry main (n: i64) (c: []f64) : []f64 =
  vjp (\c -> f64.sum (map (\i -> c[i % 3] * c[i % 3] * f64.i64 (i % 5 - 2)) (iota n))) c 1.0`,
		args: []string{"3000i64", "[1.0, 2.0, 3.0]"}},
	// Two accumulators, one of them a row per element; a width of one
	// element (sequential).
	{name: "private rows", src: `entry main (xs: [][]f64) (m: [][]f64) (w: []f64) =
  vjp (\(m, w) -> f64.sum (map (\x -> f64.sum (map2 (\r wi -> let s = f64.sum (map2 (*) r x) in wi * s * s) m w)) xs)) (m, w) 1.0`,
		args: []string{"[[1.0, 2.0], [0.0, -1.0], [3.0, 1.0], [2.0, 2.0], [1.0, 0.0], [0.0, 0.0], [1.0, 1.0], [-1.0, 2.0], [1.0, 2.0], [0.0, -1.0], [3.0, 1.0], [2.0, 2.0], [1.0, 0.0], [0.0, 0.0], [1.0, 1.0], [-1.0, 2.0], [4.0, 1.0], [2.0, 0.0]]", "[[1.0, 0.0], [2.0, -1.0]]", "[2.0, -1.0]"}},
	{name: "private one element", src: `entry main (xs: []f64) (c: []f64) : []f64 =
  vjp (\c -> f64.sum (map (\x -> f64.minimum (map (\ci -> (ci - x) * (ci - x)) c)) xs)) c 1.0`,
		args: []string{"[3.0]", "[1.0, -2.0]"}},
}

// ints is an array literal of n small integers (as f64) below m.
func ints(n, m int) string {
	var b strings.Builder
	b.WriteByte('[')
	for i := range n {
		if i > 0 {
			b.WriteString(", ")
		}
		fmt.Fprintf(&b, "%d.0", (i*5+3)%m-m/2)
	}
	b.WriteByte(']')
	return b.String()
}

func TestPrivateAccumulators(t *testing.T) {
	if testing.Short() {
		t.Skip("builds generated packages; skipped in -short mode")
	}
	// The first two run with privatized accumulators.
	for _, dc := range privAccCases[:2] {
		files, err := Generate(compileCase(t, &dc), "pkg")
		if err != nil {
			t.Fatal(err)
		}
		if code := string(files["pkg.go"]); !strings.Contains(code, "parChunks(") || !strings.Contains(code, "if c > 0 {") {
			t.Errorf("%s: want a parallel map with accumulators of its chunks:\n%s", dc.name, code)
		}
	}
	runDiff(t, privAccCases)
}

// TestPrivateAccumulatorsNotCaptured: a chunk's function builds its
// accumulator handles from the array and operator read before the chunks
// start; it does not capture the handle itself, which would make Go move
// the handle to the heap wherever it is made (once per iteration of a loop
// around the map, as in the LSTM gradient).
func TestPrivateAccumulatorsNotCaptured(t *testing.T) {
	captured := regexp.MustCompile(`\bacc\d+ := v_\w+\n|\bv_\w+\.op\b|\bv_\w+\.arr\b`)
	for _, dc := range privAccCases[:2] {
		files, err := Generate(compileCase(t, &dc), "pkg")
		if err != nil {
			t.Fatal(err)
		}
		code := string(files["pkg.go"])
		at := strings.Index(code, "parChunks(")
		if at < 0 {
			t.Fatalf("%s: no parallel map with accumulators:\n%s", dc.name, code)
		}
		// The chunk function: from parChunks( to the line that closes it.
		body := code[at:]
		indent := code[strings.LastIndex(code[:at], "\n")+1 : at]
		if end := strings.Index(body, "\n"+indent+"})"); end >= 0 {
			body = body[:end]
		}
		if m := captured.FindString(body); m != "" {
			t.Errorf("%s: the chunk function reads an accumulator handle from outside (%q):\n%s", dc.name, m, body)
		}
	}
}
