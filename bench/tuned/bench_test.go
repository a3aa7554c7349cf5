package tuned

import (
	"syscall"
	"testing"

	"github.com/fluxion-lang/fluxion/bench/oracle"
)

// Benchmarks at the largest GradBench workloads (go test -bench . -benchmem
// ./bench/tuned; add -short for the smallest). Allocations must be 0/op.

// loop runs f b.N times and also reports the process's CPU time per call
// (cpu-ns/op), which a loaded machine distorts less than wall time.
func loop(b *testing.B, f func()) {
	var r0, r1 syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &r0)
	for b.Loop() {
		f()
	}
	syscall.Getrusage(syscall.RUSAGE_SELF, &r1)
	cpu := (r1.Utime.Nano() + r1.Stime.Nano()) - (r0.Utime.Nano() + r0.Stime.Nano())
	b.ReportMetric(float64(cpu)/float64(b.N), "cpu-ns/op")
}

func pick[T any](small, large T) T {
	if testing.Short() {
		return small
	}
	return large
}

func BenchmarkLSE(b *testing.B) {
	x := oracle.GenLSE(pick(2500, 1280000))
	g := make([]float64, len(x))
	b.Run("primal", func(b *testing.B) {
		loop(b, func() { LSEPrimal(x) })
	})
	b.Run("gradient", func(b *testing.B) {
		loop(b, func() { LSEGradient(x, g) })
	})
}

func BenchmarkLLSQ(b *testing.B) {
	x, n := oracle.GenLLSQ(oracle.LLSQM), pick(16, 16392)
	g := make([]float64, len(x))
	b.Run("primal", func(b *testing.B) {
		loop(b, func() { LLSQPrimal(x, n) })
	})
	b.Run("gradient", func(b *testing.B) {
		loop(b, func() { LLSQGradient(x, n, g) })
	})
}

func BenchmarkODE(b *testing.B) {
	x, s := oracle.GenODE(pick(1000, 100000)), pick(1, 100)
	y := make([]float64, len(x))
	var w ODEWork
	b.Run("primal", func(b *testing.B) {
		loop(b, func() { ODEPrimal(x, s, y) })
	})
	b.Run("gradient", func(b *testing.B) {
		loop(b, func() { ODEGradient(x, s, y, &w) })
	})
}

func BenchmarkDet(b *testing.B) {
	ell := pick(5, 10)
	a := oracle.GenDet(ell)
	g := make([]float64, ell*ell)
	b.Run("primal", func(b *testing.B) {
		loop(b, func() { DetPrimal(a, ell) })
	})
	b.Run("gradient", func(b *testing.B) {
		loop(b, func() { DetGradient(a, ell, g) })
	})
}

func BenchmarkKMeans(b *testing.B) {
	in := oracle.GenKMeans(pick(10, 1000), pick(1000, 10000), pick(8, 16))
	dir := make([]float64, len(in.Centroids))
	var w KMeansWork
	b.Run("cost", func(b *testing.B) {
		loop(b, func() { KMeansCost(in.Points, in.Centroids, in.D) })
	})
	b.Run("dir", func(b *testing.B) {
		loop(b, func() { KMeansDir(in.Points, in.Centroids, in.D, dir, &w) })
	})
}

func BenchmarkGMM(b *testing.B) {
	o := oracle.GenGMM(pick(2, 64), pick(5, 100), 1000)
	in := gmmFromOracle(o)
	var w GMMWork
	ga, gm, gq, gl := make([]float64, len(o.Alpha)), make([]float64, len(o.Mu)), make([]float64, len(o.Q)), make([]float64, len(o.L))
	b.Run("objective", func(b *testing.B) {
		loop(b, func() { GMMObjective(in, &w) })
	})
	b.Run("jacobian", func(b *testing.B) {
		loop(b, func() { GMMGradient(in, &w, ga, gm, gq, gl) })
	})
}

func BenchmarkLSTM(b *testing.B) {
	o := oracle.GenLSTM(pick(2, 6), oracle.LSTMB, pick(1024, 8192))
	in := &LSTMInput{L: o.L, B: o.B, C: o.C, Main: o.Main, Extra: o.Extra, State: o.State, Seq: o.Seq}
	var w LSTMWork
	g := make([]float64, 8*in.L*in.B+3*in.B)
	b.Run("objective", func(b *testing.B) {
		loop(b, func() { LSTMObjective(in, &w) })
	})
	b.Run("jacobian", func(b *testing.B) {
		loop(b, func() { LSTMGradient(in, &w, g) })
	})
}

func BenchmarkBA(b *testing.B) {
	s := oracle.BASizes[pick(0, len(oracle.BASizes)-1)]
	in := baFromOracle(oracle.GenBA(s[0], s[1], s[2]).Expand())
	reproj, werr := make([]float64, 2*in.P), make([]float64, in.P)
	rows, cols, vals := make([]int32, 3*in.P+1), make([]int32, 31*in.P), make([]float64, 31*in.P)
	b.Run("objective", func(b *testing.B) {
		loop(b, func() { BAObjective(in, reproj, werr) })
	})
	b.Run("jacobian", func(b *testing.B) {
		loop(b, func() { BAJacobian(in, rows, cols, vals) })
	})
}

func BenchmarkHT(b *testing.B) {
	in := htFromOracle(oracle.GenHT(oracle.HTBigV, oracle.HTT, pick(100, 51200), true))
	var w HTWork
	e := make([]float64, 3*in.N)
	jac := make([]float64, 28*3*in.N)
	b.Run("objective", func(b *testing.B) {
		loop(b, func() { HTObjective(in, &w, e) })
	})
	b.Run("jacobian", func(b *testing.B) {
		loop(b, func() { HTJacobian(in, &w, jac) })
	})
}
