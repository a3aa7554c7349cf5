package syntax

import (
	"os"
	"path/filepath"
	"testing"
)

// Every node of the example programs has a valid span that lies within
// the span of its parent.
func TestSpansNest(t *testing.T) {
	files, _ := filepath.Glob("testdata/programs/*.fut")
	for _, name := range files {
		src, _ := os.ReadFile(name)
		f, err := ParseFile(name, src, 0)
		if err != nil {
			t.Fatal(err)
		}
		var stack []Node
		count := 0
		var visit func(n Node)
		visit = func(n Node) {
			count++
			if !n.Pos().IsValid() || !n.End().IsValid() || n.End().Before(n.Pos()) {
				t.Errorf("%s: %T has bad span %v-%v", name, n, n.Pos(), n.End())
			}
			if len(stack) > 0 {
				p := stack[len(stack)-1]
				if n.Pos().Before(p.Pos()) || p.End().Before(n.End()) {
					t.Errorf("%s: %T %v-%v outside parent %T %v-%v", name, n, n.Pos(), n.End(), p, p.Pos(), p.End())
				}
			}
		}
		var walkNested func(n Node)
		walkNested = func(n Node) {
			Walk(n, func(c Node) bool {
				if c == n {
					return true
				}
				visit(c)
				stack = append(stack, c)
				walkNested(c)
				stack = stack[:len(stack)-1]
				return false
			})
		}
		stack = append(stack, f)
		walkNested(f)
		if count < 200 {
			t.Errorf("%s: walked only %d nodes", name, count)
		}
	}
}

func TestSpans(t *testing.T) {
	for _, tc := range []struct {
		src  string
		pick func(Expr) Node
		want string // start-end as line:col-line:col
	}{
		{"f x + g y", func(e Expr) Node { return e }, "1:1-1:10"},
		{"f x + g y", func(e Expr) Node { return e.(*BinOp).Y }, "1:7-1:10"},
		{"f x + g y", func(e Expr) Node { return e.(*BinOp).Op }, "1:5-1:6"},
		{"x M.+ y", func(e Expr) Node { return e.(*BinOp).Op }, "1:3-1:6"},
		{"a `max` b", func(e Expr) Node { return e.(*BinOp).Op }, "1:3-1:8"},
		{"xs[i + 1]", func(e Expr) Node { return e }, "1:1-1:10"},
		{"let x = 1\nin x * 2", func(e Expr) Node { return e.(*LetPat).Body }, "2:4-2:9"},
		{"(a, b)", func(e Expr) Node { return e }, "1:1-1:7"},
		{"-x", func(e Expr) Node { return e }, "1:1-1:3"},
		{"r.x.y", func(e Expr) Node { return e.(*Var).Path[2] }, "1:5-1:6"},
		{"'a'", func(e Expr) Node { return e }, "1:1-1:4"},
		{"#some x", func(e Expr) Node { return e }, "1:1-1:8"},
		{"f #none", func(e Expr) Node { return e.(*Apply).Arg }, "1:3-1:8"},
		{"\"héllo\"", func(e Expr) Node { return e }, "1:1-1:9"},
	} {
		e, err := ParseExp("s.fut", []byte(tc.src), 0)
		if err != nil {
			t.Errorf("%q: %v", tc.src, err)
			continue
		}
		n := tc.pick(e)
		got := n.Pos().String()[len("s.fut:"):] + "-" + n.End().String()[len("s.fut:"):]
		if got != tc.want {
			t.Errorf("%q: %T spans %s, want %s", tc.src, n, got, tc.want)
		}
	}
}
