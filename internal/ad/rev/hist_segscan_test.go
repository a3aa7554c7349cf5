package rev

import (
	"math/rand"
	"sort"
	"testing"

	"github.com/fluxion-lang/fluxion/internal/interp"
	"github.com/fluxion-lang/fluxion/internal/ir"
	"github.com/fluxion-lang/fluxion/internal/prim"
)

// The bookkeeping of the generic reduce_by_index rule: radix sort and the
// segmented scans, on the seed 003 example (AD-NOTES "Test vectors").

// segProgram is entry seg (keys: [n]i64) (vals: [n]f64) (w: i64) giving the
// radix sort's permutation and sorted keys, and the exclusive segmented
// sums from the left and from the right of the values in sorted order.
func segProgram(t *testing.T) *interp.Program {
	b := ir.NewBuilder(ir.NewNameSource(1))
	keysP := b.Param("keys", ir.Array(prim.I64, ir.SubExp{}))
	valsP := b.Param("vals", ir.Array(prim.F64, ir.SubExp{}))
	wP := b.Param("w", i64T)
	nn, w := b.Let("n", &ir.Size{Arr: keysP.Name, Dim: 0}), ir.Var(wP.Name)
	perm, skeys := radixSort(b, nn, w, keysP.Name)
	last := b.BinOp(prim.Sub, nn, ir.I64(1))
	it := b.Let("iota", &ir.Iota{N: nn, T: prim.I64})
	bt := ir.Scalar(prim.Bool)
	flags := b.Map(nn, []ir.VName{it.Var, perm}, b.Lambda([]ir.Type{i64T, i64T}, func(lb *ir.Builder, ps []ir.SubExp) []ir.SubExp {
		k := lb.Index(skeys, ps[0])
		edge := func(at, end ir.SubExp) ir.SubExp {
			tb, eb := lb.Sub(), lb.Sub()
			o := eb.Index(skeys, eb.BinOp(prim.Add, ps[0], at))
			return lb.Let("f", &ir.If{Cond: lb.CmpOp(prim.Eq, ps[0], end), Then: tb.Body(ir.Bool(true)), Else: eb.Body(eb.CmpOp(prim.Ne, o, k)), Ret: []ir.Type{bt}})
		}
		return []ir.SubExp{lb.Index(valsP.Name, ps[1]), edge(ir.I64(-1), ir.I64(0)), edge(ir.I64(1), last)}
	}))
	add := b.BinOpLambda(prim.Add, prim.F64)
	ne := []ir.SubExp{fconst(0)}
	ts := []ir.Type{f64T}
	_, ls := segScans(b, nn, flags[:1], flags[1], ne, ts, add, false)
	rv := reverseArrays(b, nn, []ir.VName{flags[0], flags[2]}, []ir.Type{f64T, bt})
	_, rs := segScans(b, nn, rv[:1], rv[1], ne, ts, add, true)
	rs = reverseArrays(b, nn, rs, ts)
	res := []ir.SubExp{ir.Var(perm), ir.Var(skeys), ir.Var(ls[0]), ir.Var(rs[0])}
	none := ir.SubExp{}
	ret := []ir.Type{ir.Array(prim.I64, none), ir.Array(prim.I64, none), ir.Array(prim.F64, none), ir.Array(prim.F64, none)}
	f := &ir.Func{Name: "seg", Params: []ir.Param{keysP, valsP, wP}, Ret: ret, Body: b.Body(res...)}
	p, err := interp.Compile(&ir.Program{Funcs: []*ir.Func{f}})
	if err != nil {
		t.Fatalf("%v\n%v", err, f)
	}
	return p
}

func runSeg(t *testing.T, p *interp.Program, keys []int64, vals []float64, w int64) (perm, skeys []int64, ls, rs []float64) {
	t.Helper()
	res, err := p.Run("seg", []interp.Value{ai(keys...), af(vals...), interp.ScalarValue(prim.IntValue(prim.I64, w))})
	if err != nil {
		t.Fatal(err)
	}
	for _, x := range res[0].Arr.Data {
		perm = append(perm, x.Int())
	}
	for _, x := range res[1].Arr.Data {
		skeys = append(skeys, x.Int())
	}
	return perm, skeys, flat(res[2:3]), flat(res[3:4])
}

func TestSegmentedScansVector(t *testing.T) {
	p := segProgram(t)
	// Seed 003: sorted buckets sis, values svs = [0..8].
	sis := []int64{0, 0, 0, 1, 1, 1, 1, 1, 2}
	svs := []float64{0, 1, 2, 3, 4, 5, 6, 7, 8}
	perm, skeys, ls, rs := runSeg(t, p, sis, svs, 3)
	wantL := []float64{0, 0, 1, 0, 3, 7, 12, 18, 0}
	wantR := []float64{3, 2, 0, 22, 18, 13, 7, 0, 0}
	for i := range sis {
		if perm[i] != int64(i) || skeys[i] != sis[i] || ls[i] != wantL[i] || rs[i] != wantR[i] {
			t.Fatalf("perm %v keys %v left %v right %v; want the identity, %v, %v, %v", perm, skeys, ls, rs, sis, wantL, wantR)
		}
	}
}

// The radix sort is a stable sort of keys in [0, w], for any number of
// passes (w from 0 to beyond 4^3).
func TestRadixSortStable(t *testing.T) {
	p := segProgram(t)
	rng := rand.New(rand.NewSource(5))
	for _, w := range []int64{0, 1, 3, 4, 5, 16, 70} {
		for _, n := range []int{1, 2, 9, 40} {
			keys := make([]int64, n)
			vals := make([]float64, n)
			for i := range keys {
				keys[i] = rng.Int63n(w + 1)
				vals[i] = float64(rng.Intn(10))
			}
			perm, skeys, ls, rs := runSeg(t, p, keys, vals, w)
			want := make([]int, n)
			for i := range want {
				want[i] = i
			}
			sort.SliceStable(want, func(a, b int) bool { return keys[want[a]] < keys[want[b]] })
			for i := range want {
				if perm[i] != int64(want[i]) || skeys[i] != keys[want[i]] {
					t.Fatalf("w=%d keys %v: perm %v sorted %v, want perm %v", w, keys, perm, skeys, want)
				}
			}
			// Segmented sums by brute force.
			for i := range want {
				l, r := 0.0, 0.0
				for j := 0; j < i; j++ {
					if skeys[j] == skeys[i] {
						l += vals[perm[j]]
					}
				}
				for j := i + 1; j < n; j++ {
					if skeys[j] == skeys[i] {
						r += vals[perm[j]]
					}
				}
				if ls[i] != l || rs[i] != r {
					t.Fatalf("w=%d keys %v vals %v: left %v right %v at %d, want %v %v", w, keys, vals, ls, rs, i, l, r)
				}
			}
		}
	}
}
