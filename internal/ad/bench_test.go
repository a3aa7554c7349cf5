package ad

import (
	"fmt"
	"math/rand"
	"sort"
	"testing"
	"time"

	"github.com/fluxion-lang/fluxion/internal/interp"
	"github.com/fluxion-lang/fluxion/internal/ir"
	"github.com/fluxion-lang/fluxion/internal/prim"
)

type benchProg struct {
	name string
	ts   []ir.Type
	body bodyFn
	args func(n int) []interp.Value
}

func randF64s(n int) interp.Value {
	r := rand.New(rand.NewSource(int64(n)))
	xs := make([]float64, n)
	for i := range xs {
		xs[i] = 0.5 + r.Float64()
	}
	return af([]int64{int64(n)}, xs...)
}

func benchProgs() []benchProg {
	one := func(n int) []interp.Value { return []interp.Value{randF64s(n)} }
	return []benchProg{
		{"map", []ir.Type{vec(prim.F64)}, func(b *ir.Builder, x []ir.SubExp) []ir.SubExp {
			n := size(b, x[0], 0)
			return vars(b.Map(n, []ir.VName{x[0].Var}, b.Lambda([]ir.Type{tf64}, func(lb *ir.Builder, p []ir.SubExp) []ir.SubExp {
				return []ir.SubExp{bin(lb, prim.Add, bin(lb, prim.Mul, call1(lb, "sin_f64", p[0]), p[0]), call1(lb, "exp_f64", p[0]))}
			})))
		}, one},
		{"reduce", []ir.Type{vec(prim.F64)}, func(b *ir.Builder, x []ir.SubExp) []ir.SubExp {
			n := size(b, x[0], 0)
			return vars(b.Reduce(n, []ir.VName{x[0].Var}, []ir.SubExp{fc(1)}, lam2(b, prim.Mul)))
		}, one},
		{"scan", []ir.Type{vec(prim.F64)}, func(b *ir.Builder, x []ir.SubExp) []ir.SubExp {
			n := size(b, x[0], 0)
			return vars(b.Scan(n, []ir.VName{x[0].Var}, []ir.SubExp{fc(0)}, lam2(b, prim.Add)))
		}, one},
		{"hist", []ir.Type{vec(prim.F64), vec(prim.I64)}, func(b *ir.Builder, x []ir.SubExp) []ir.SubExp {
			n := size(b, x[0], 0)
			dst := b.Let("dst", &ir.Replicate{Shape: ir.Shape{ir.I64(16)}, Val: fc(0)})
			return vars(b.LetN("h", &ir.Hist{W: n, Dests: []ir.VName{dst.Var}, Op: lam2(b, prim.Add), Neutral: []ir.SubExp{fc(0)}, Inds: []ir.VName{x[1].Var}, Vals: []ir.VName{x[0].Var}}))
		}, func(n int) []interp.Value {
			is := make([]int64, n)
			for i := range is {
				is[i] = int64(i*7) % 16
			}
			return []interp.Value{randF64s(n), ai([]int64{int64(n)}, is...)}
		}},
		{"loop", []ir.Type{vec(prim.F64)}, func(b *ir.Builder, x []ir.SubExp) []ir.SubExp {
			n := size(b, x[0], 0)
			acc := b.Param("acc", tf64)
			i := b.Names().New("i")
			b.Declare(ir.Param{Name: i, Type: ti64})
			lb := b.Sub()
			xi := lb.Index(x[0].Var, ir.Var(i))
			a2 := bin(lb, prim.Add, bin(lb, prim.Mul, ir.Var(acc.Name), fc(0.99)), xi)
			return vars(b.LetN("loop", &ir.Loop{Params: []ir.Param{acc}, Init: []ir.SubExp{fc(0)}, Form: &ir.For{I: i, T: prim.I64, Bound: n}, Body: lb.Body(a2)}))
		}, one},
	}
}

func tangentsFor(args []interp.Value) []interp.Value {
	r := rand.New(rand.NewSource(7))
	out := make([]interp.Value, len(args))
	for i, a := range args {
		out[i] = randomLike(r, a)
	}
	return out
}

// median is robust against the pauses of a shared machine.
func median(ds []time.Duration) time.Duration {
	s := append([]time.Duration{}, ds...)
	sort.Slice(s, func(i, j int) bool { return s[i] < s[j] })
	return s[len(s)/2]
}

// BenchmarkJVPOverhead reports the time of jvp (primal and tangent) over
// the time of the primal alone, in the interpreter.
func BenchmarkJVPOverhead(b *testing.B) {
	for _, bp := range benchProgs() {
		for _, n := range []int{1000, 10000} {
			b.Run(fmt.Sprintf("%s/n=%d", bp.name, n), func(b *testing.B) {
				p := compile(b, primalProg(bp.ts, bp.body), jvpProg("jvp", bp.ts, bp.body, false))
				args := bp.args(n)
				jargs := append(append([]interp.Value{}, args...), tangentsFor(args)...)
				var primal, jvp []time.Duration
				b.ResetTimer()
				for i := 0; i < b.N; i++ {
					t0 := time.Now()
					run(b, p, "f", args)
					t1 := time.Now()
					run(b, p, "jvp", jargs)
					jvp = append(jvp, time.Since(t1))
					primal = append(primal, t1.Sub(t0))
				}
				b.ReportMetric(float64(median(jvp))/float64(median(primal)), "jvp/primal")
			})
		}
	}
}

// BenchmarkJMPvsJVP reports the time of one jmp of width w over the time
// of w separate jvp runs.
func BenchmarkJMPvsJVP(b *testing.B) {
	const w = 8
	for _, bp := range benchProgs() {
		n := 2000
		b.Run(bp.name, func(b *testing.B) {
			ts := bp.ts
			jmp := jmpProgWidth(ts, bp.body, w)
			p := compile(b, jvpProg("jvp", ts, bp.body, false), jmp)
			args := bp.args(n)
			var dirs [][]interp.Value
			for k := 0; k < w; k++ {
				r := rand.New(rand.NewSource(int64(k)))
				d := make([]interp.Value, len(args))
				for i, a := range args {
					d[i] = randomLike(r, a)
				}
				dirs = append(dirs, d)
			}
			margs := append([]interp.Value{}, args...)
			for i := range args {
				lanes := make([]interp.Value, w)
				for k := range lanes {
					lanes[k] = dirs[k][i]
				}
				margs = append(margs, stack(lanes))
			}
			var loop, batched []time.Duration
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				t0 := time.Now()
				for k := 0; k < w; k++ {
					run(b, p, "jvp", append(append([]interp.Value{}, args...), dirs[k]...))
				}
				t1 := time.Now()
				run(b, p, "jmp", margs)
				batched = append(batched, time.Since(t1))
				loop = append(loop, t1.Sub(t0))
			}
			b.ReportMetric(float64(median(batched))/float64(median(loop)), "jmp/jvp-loop")
		})
	}
}
