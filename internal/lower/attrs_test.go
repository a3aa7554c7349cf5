package lower_test

import (
	"reflect"
	"testing"

	"github.com/fluxion-lang/fluxion/internal/ir"
	"github.com/fluxion-lang/fluxion/internal/pipeline"
)

// loopAttrs lists the attributes of every loop in b, outer loops first.
func loopAttrs(b *ir.Body) [][]ir.Attr {
	var out [][]ir.Attr
	for _, s := range b.Stms {
		switch e := s.Exp.(type) {
		case *ir.Loop:
			out = append(out, e.Attrs)
			out = append(out, loopAttrs(e.Body)...)
		case *ir.If:
			out = append(out, loopAttrs(e.Then)...)
			out = append(out, loopAttrs(e.Else)...)
		}
	}
	return out
}

func TestLoopAttrs(t *testing.T) {
	tests := []struct {
		name string
		src  string
		want [][]ir.Attr
	}{
		{"stripmine", `entry main (n: i64) = #[stripmine(2)] loop s = 0i64 for i < n do s + i`,
			[][]ir.Attr{{{Name: "stripmine", Args: []int64{2}}}}},
		{"several", `entry main (n: i64) = #[unroll] #[stripmine(3)] loop s = 0i64 for i < n do s + i`,
			[][]ir.Attr{{{Name: "unroll"}, {Name: "stripmine", Args: []int64{3}}}}},
		{"several arguments", `entry main (n: i64) = #[tile(4, 8)] loop s = 0i64 for i < n do s + i`,
			[][]ir.Attr{{{Name: "tile", Args: []int64{4, 8}}}}},
		{"non-integer arguments dropped", `entry main (n: i64) = #[foo(bar)] loop s = 0i64 for i < n do s + i`,
			[][]ir.Attr{nil}},
		{"unmarked", `entry main (n: i64) = loop s = 0i64 for i < n do s + i`, [][]ir.Attr{nil}},
		{"inner loop only", `entry main (n: i64) = loop s = 0i64 for i < n do #[stripmine(2)] loop t = s for j < i do t + j`,
			[][]ir.Attr{nil, {{Name: "stripmine", Args: []int64{2}}}}},
		{"while loop", `entry main (n: i64) = #[stripmine(2)] loop s = 0i64 while s < n do s + 1`,
			[][]ir.Attr{{{Name: "stripmine", Args: []int64{2}}}}},
		{"through a function", `def f (n: i64) = #[stripmine(5)] loop s = 0i64 for i < n do s + i
entry main (n: i64) = f n`,
			[][]ir.Attr{{{Name: "stripmine", Args: []int64{5}}}}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p, err := pipeline.CompileSource("t.fut", []byte(tc.src), nil, pipeline.Options{After: "lower"})
			if err != nil {
				t.Fatal(err)
			}
			got := loopAttrs(p.Func("main").Body)
			if !reflect.DeepEqual(got, tc.want) {
				t.Errorf("got %v, want %v\n%s", got, tc.want, p)
			}
		})
	}
}
