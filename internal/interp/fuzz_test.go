package interp

import (
	"fmt"
	"strings"
	"testing"

	"github.com/fluxion-lang/fluxion/internal/ir"
	"github.com/fluxion-lang/fluxion/internal/prim"
)

// referenceSlice applies a[i:j:s] to 0..n-1 following LANGUAGE.md §7.9
// literally: enumerate the indices, then check validity.
func referenceSlice(n int64, start, end, stride *int64) ([]int64, bool) {
	s := int64(1)
	if stride != nil {
		s = *stride
	}
	if s == 0 {
		return nil, false
	}
	i, j := int64(0), n
	if s < 0 {
		i, j = n-1, -1
	}
	if start != nil {
		i = *start
	}
	if end != nil {
		j = *end
	}
	if s > 0 && i > j || s < 0 && i < j {
		return nil, false
	}
	var out []int64
	for k := i; s > 0 && k < j || s < 0 && k > j; k += s {
		if k < 0 || k >= n {
			return nil, false
		}
		out = append(out, k)
	}
	return out, true
}

// FuzzSlice compares strided slicing with the reference above: it must
// never panic, fail exactly when the reference says the slice is invalid,
// and otherwise select the same elements.
func FuzzSlice(f *testing.F) {
	f.Add(int64(5), int64(3), int64(0), int64(-1), uint8(7))
	f.Add(int64(5), int64(4), int64(0), int64(-2), uint8(5))
	f.Add(int64(5), int64(2), int64(2), int64(1), uint8(3))
	f.Add(int64(0), int64(0), int64(0), int64(0), uint8(0))
	f.Add(int64(3), int64(1), int64(-5), int64(1), uint8(3))
	f.Fuzz(func(t *testing.T, n, start, end, stride int64, present uint8) {
		n = (n%64 + 64) % 64
		bound := func(x int64) int64 { return x % 100 }
		start, end, stride = bound(start), bound(end), bound(stride)
		opt := func(bit uint8, x *int64) (*int64, ir.SubExp) {
			if present&bit == 0 {
				return nil, ir.SubExp{}
			}
			return x, ir.I64(*x)
		}
		sp, se := opt(1, &start)
		ep, ee := opt(2, &end)
		tp, te := opt(4, &stride)
		want, valid := referenceSlice(n, sp, ep, tp)
		prog := one([]ir.Type{i64}, func(b *ir.Builder, ps []ir.SubExp) ir.Exp {
			xs := b.Let("xs", &ir.Iota{N: ps[0], T: prim.I64})
			return &ir.Slice{Arr: xs.Var, Dims: []ir.DimSlice{{Start: se, End: ee, Stride: te}}}
		})
		p, err := Compile(prog)
		if err != nil {
			t.Fatal(err)
		}
		res, err := p.Run("main", []Value{ScalarValue(iv(n))})
		if !valid {
			if err == nil || !strings.Contains(err.Error(), "out of bounds") {
				t.Fatalf("n=%d slice %v:%v:%v: got %v, %v; want an error", n, show(sp), show(ep), show(tp), res, err)
			}
			return
		}
		if err != nil {
			t.Fatalf("n=%d slice %v:%v:%v: %v", n, show(sp), show(ep), show(tp), err)
		}
		got := res[0].Arr
		if len(got.Data) != len(want) || got.Shape[0] != int64(len(want)) {
			t.Fatalf("n=%d slice %v:%v:%v: got %v, want %v", n, show(sp), show(ep), show(tp), got, want)
		}
		for k, w := range want {
			if got.Data[k].Int() != w {
				t.Fatalf("n=%d slice %v:%v:%v: got %v, want %v", n, show(sp), show(ep), show(tp), got, want)
			}
		}
	})
}

func show(x *int64) string {
	if x == nil {
		return ""
	}
	return fmt.Sprint(*x)
}
