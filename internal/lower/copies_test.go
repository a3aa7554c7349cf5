package lower

import (
	"strings"
	"testing"

	"github.com/fluxion-lang/fluxion/internal/check"
	"github.com/fluxion-lang/fluxion/internal/ir"
)

// countCopies counts the Copy statements of every function of p.
func countCopies(p *ir.Program) int {
	n := 0
	var body func(b *ir.Body)
	lambda := func(l *ir.Lambda) {
		if l != nil {
			body(l.Body)
		}
	}
	body = func(b *ir.Body) {
		for _, s := range b.Stms {
			switch e := s.Exp.(type) {
			case *ir.Copy:
				n++
			case *ir.If:
				body(e.Then)
				body(e.Else)
			case *ir.Loop:
				body(e.Body)
			case *ir.Map:
				lambda(e.F)
			case *ir.Reduce:
				lambda(e.Op)
			case *ir.Scan:
				lambda(e.Op)
			case *ir.Hist:
				lambda(e.Op)
			}
		}
	}
	for _, f := range p.Funcs {
		body(f.Body)
	}
	return n
}

// TestCopyOnWrite checks that programs using an array after consuming it
// run with the value semantics of the source (a copy is made), and that
// programs that never reuse a consumed array keep their in-place updates.
// The checker rejects every program that needs a copy (LANGUAGE-V2 §2), so
// they are checked with check.Options.NoUniqueness: the copies are the
// lowering's safety net, not something an accepted program relies on.
func TestCopyOnWrite(t *testing.T) {
	tests := []struct {
		name   string
		src    string
		args   []string
		want   string
		copies int // -1: at least one
	}{
		{"reuse after update", `entry main (n: i64) = let xs = iota n in let ys = xs with [0] = 5 in (xs[0], ys[0])`,
			[]string{"3i64"}, "0i64 | 5i64", -1},
		{"no reuse", `entry main (n: i64) = let xs = iota n in let ys = xs with [0] = 5 in ys`,
			[]string{"3i64"}, "[5i64, 1i64, 2i64]", 0},
		{"reuse through an alias", `entry main (n: i64) = let xs = iota n in let v = xs[1:] in let ys = xs with [1] = 7 in (v, ys)`,
			[]string{"3i64"}, "[1i64, 2i64] | [0i64, 7i64, 2i64]", -1},
		{"consume an alias, reuse the original", `entry main (n: i64) = let xs = iota n in let v = xs[1:] in let ys = v with [0] = 7 in (xs, ys)`,
			[]string{"3i64"}, "[0i64, 1i64, 2i64] | [7i64, 2i64]", -1},
		{"reuse of an entry argument", `entry main (xs: []i32) = let ys = xs with [0] = 9 in (xs, ys)`,
			[]string{"[1, 2]"}, "[1i32, 2i32] | [9i32, 2i32]", -1},
		{"unique parameter", `def set (xs: *[]i32) (i: i64) : *[]i32 = xs with [i] = 0
entry main (xs: []i32) = let ys = set xs 1 in (xs, ys)`,
			[]string{"[1, 2, 3]"}, "[1i32, 2i32, 3i32] | [1i32, 0i32, 3i32]", -1},
		{"unique parameter without reuse", `def set (xs: *[]i32) (i: i64) : *[]i32 = xs with [i] = 0
entry main (xs: []i32) = set (set xs 0) 2`,
			[]string{"[1, 2, 3]"}, "[0i32, 2i32, 0i32]", 0},
		{"in-place loop", `entry main (n: i64) = loop xs = replicate n 0i64 for i < n do xs with [i] = i`,
			[]string{"3i64"}, "[0i64, 1i64, 2i64]", 0},
		{"loop initial value reused", `entry main (n: i64) = let xs = replicate n 0i64 in
  let ys = loop acc = xs for i < n do acc with [i] = i in (xs, ys)`,
			[]string{"3i64"}, "[0i64, 0i64, 0i64] | [0i64, 1i64, 2i64]", -1},
		{"loop reads what it consumes", `entry main (n: i64) = let xs = iota n in
  loop acc = xs for i < n - 1 do acc with [i + 1] = acc[i] + xs[i + 1]`,
			[]string{"4i64"}, "[0i64, 1i64, 3i64, 6i64]", -1},
		{"update of a free array in a loop", `entry main (n: i64) = let xs = replicate n 0i64 in
  loop s = 0i64 for i < n do s + (xs with [i] = 1)[i] + xs[i]`,
			[]string{"3i64"}, "3i64", -1},
		{"loop parameter reused in the body", `entry main (n: i64) = loop (xs: []i64, t) = (replicate n 1, 0) for i < n do
  let ys = xs with [i] = 5 in (ys, t + xs[i])`,
			[]string{"3i64"}, "[5i64, 5i64, 5i64] | 3i64", -1},
		{"loop body returns an outer array", `entry main (n: i64) = let zs = replicate n 7i64 in
  let r = loop xs = replicate n 0i64 for i < n do if i == 1 then zs else xs with [i] = i in (r, zs)`,
			[]string{"3i64"}, "[7i64, 7i64, 2i64] | [7i64, 7i64, 7i64]", -1},
		{"update in one branch, reuse after the if", `entry main (b: bool) (n: i64) = let xs = iota n in
  let ys = if b then xs with [0] = 9 else xs in (ys, xs)`,
			[]string{"true", "2i64"}, "[9i64, 1i64] | [0i64, 1i64]", -1},
		{"update in one branch only", `entry main (b: bool) (n: i64) = let xs = iota n in
  if b then xs with [0] = 9 else xs`,
			[]string{"true", "2i64"}, "[9i64, 1i64]", 0},
		{"map consuming rows", `entry main (xss: [][]i32) = let yss = map (\(xs: *[]i32) -> xs with [0] = 0) xss in (xss, yss)`,
			[]string{"[[1, 2], [3, 4]]"}, "[[1i32, 2i32], [3i32, 4i32]] | [[0i32, 2i32], [0i32, 4i32]]", -1},
		{"map updating a free array", `entry main (xs: []i32) = map (\i -> (xs with [i] = 0)[0]) (iota (length xs))`,
			[]string{"[1, 2]"}, "[0i32, 1i32]", -1},
		{"scatter with reuse", `entry main (xs: []i32) = let ys = scatter xs [0] [9] in (xs, ys)`,
			[]string{"[1, 2]"}, "[1i32, 2i32] | [9i32, 2i32]", -1},
		{"scatter without reuse", `entry main (n: i64) = scatter (replicate n 0i32) [0] [9]`,
			[]string{"2i64"}, "[9i32, 0i32]", 0},
		{"reduce_by_index with reuse", `entry main (xs: []i32) = let ys = reduce_by_index xs (+) 0 [0, 0] [1, 2] in (xs, ys)`,
			[]string{"[1, 2]"}, "[1i32, 2i32] | [4i32, 2i32]", -1},
		{"recursive function with a unique parameter", `def fill (xs: *[]i32) (i: i64) : *[]i32 = if i >= length xs then xs else fill (xs with [i] = 0) (i + 1)
entry main (xs: []i32) = let ys = fill xs 1 in (xs, ys)`,
			[]string{"[1, 2, 3]"}, "[1i32, 2i32, 3i32] | [1i32, 0i32, 0i32]", -1},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if _, err := check.CheckSource("t.fut", []byte(tc.src), nil); tc.copies != 0 && err == nil {
				t.Errorf("the checker accepts a program that needs a copy")
			}
			got, err := runWith(t, tc.src, tc.args, check.Options{NoUniqueness: true})
			if err != nil {
				t.Fatalf("error: %v", err)
			}
			if s := strings.Join(got, " | "); s != tc.want {
				t.Errorf("got %s, want %s", s, tc.want)
			}
			prog, err := check.CheckSourceOptions("t.fut", []byte(tc.src), nil, check.Options{NoUniqueness: true})
			if err != nil {
				t.Fatal(err)
			}
			p, err := Program(prog)
			if err != nil {
				t.Fatal(err)
			}
			n := countCopies(p)
			if (tc.copies < 0 && n == 0) || (tc.copies >= 0 && n != tc.copies) {
				t.Errorf("%d copies, want %d (-1: some)\n%s", n, tc.copies, p)
			}
		})
	}
}
