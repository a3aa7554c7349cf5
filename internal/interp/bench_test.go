package interp

import (
	"syscall"
	"testing"

	"github.com/fluxion-lang/fluxion/internal/ir"
	"github.com/fluxion-lang/fluxion/internal/prim"
)

const benchN = 1_000_000

func benchRun(b *testing.B, prog *ir.Program, args []Value, perIter int) {
	p, err := Compile(prog)
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	b.ResetTimer()
	cpu0 := cpuNanos()
	for range b.N {
		if _, err := p.Run("main", args); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(perIter), "ns/elem")
	b.ReportMetric(float64(cpuNanos()-cpu0)/float64(b.N)/float64(perIter), "cpu-ns/elem")
}

func benchInput() Value {
	a := &Array{Elem: prim.F64, Shape: []int64{benchN}, Data: make([]prim.Value, benchN)}
	for i := range a.Data {
		a.Data[i] = fv(float64(i%100) / 7)
	}
	return ArrayValue(a)
}

// BenchmarkMap: map (\x -> x*x + 2*x - 1) over 1e6 elements (3 ops each).
func BenchmarkMap(b *testing.B) {
	prog := fn([]ir.Type{vec(prim.F64)}, func(bl *ir.Builder, ps []ir.SubExp) []ir.SubExp {
		n := size(bl, ps[0], 0)
		f := bl.Lambda([]ir.Type{f64}, func(lb *ir.Builder, x []ir.SubExp) []ir.SubExp {
			sq := lb.BinOp(prim.Mul, x[0], x[0])
			tw := lb.BinOp(prim.Mul, x[0], fc(2))
			return []ir.SubExp{lb.BinOp(prim.Sub, lb.BinOp(prim.Add, sq, tw), fc(1))}
		})
		return []ir.SubExp{ir.Var(bl.Map(n, []ir.VName{ps[0].Var}, f)[0])}
	})
	benchRun(b, prog, []Value{benchInput()}, benchN)
}

// BenchmarkReduce: reduce (+) 0 over 1e6 elements.
func BenchmarkReduce(b *testing.B) {
	prog := fn([]ir.Type{vec(prim.F64)}, func(bl *ir.Builder, ps []ir.SubExp) []ir.SubExp {
		n := size(bl, ps[0], 0)
		return []ir.SubExp{ir.Var(bl.Reduce(n, []ir.VName{ps[0].Var}, []ir.SubExp{fc(0)}, bl.BinOpLambda(prim.Add, prim.F64))[0])}
	})
	benchRun(b, prog, []Value{benchInput()}, benchN)
}

// BenchmarkLoop: loop x = 1 for i < 1e6 do x * 0.5 + 1 (2 scalar ops per
// iteration); ns/elem is per iteration.
func BenchmarkLoop(b *testing.B) {
	prog := fn([]ir.Type{i64}, func(bl *ir.Builder, ps []ir.SubExp) []ir.SubExp {
		x, i := bl.Param("x", f64), bl.Param("i", i64)
		lb := bl.Sub()
		y := lb.BinOp(prim.Add, lb.BinOp(prim.Mul, ir.Var(x.Name), fc(0.5)), fc(1))
		r := bl.LetN("r", &ir.Loop{Params: []ir.Param{x}, Init: []ir.SubExp{fc(1)}, Form: &ir.For{I: i.Name, T: prim.I64, Bound: ps[0]}, Body: lb.Body(y)})
		return []ir.SubExp{ir.Var(r[0])}
	})
	benchRun(b, prog, []Value{ScalarValue(iv(benchN))}, benchN)
}

// cpuNanos is the CPU time this process has used; the benchmarks report
// it per element too, because wall time is meaningless on a loaded machine.
func cpuNanos() int64 {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return ru.Utime.Nano() + ru.Stime.Nano()
}
