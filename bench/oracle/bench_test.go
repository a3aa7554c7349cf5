package oracle

import "testing"

// Speed baselines at one standard size per workload (go test -bench .).

func BenchmarkLSE(b *testing.B) {
	x := GenLSE(1280000)
	for b.Loop() {
		LSEGrad(x)
	}
}

func BenchmarkGMMGradient(b *testing.B) {
	in := GenGMM(10, 25, 1000)
	for b.Loop() {
		GMMGradient(in)
	}
}

func BenchmarkKMeansDir(b *testing.B) {
	in := GenKMeans(100, 10000, 16)
	for b.Loop() {
		KMeansDir(in)
	}
}

func BenchmarkLLSQGradient(b *testing.B) {
	x := GenLLSQ(LLSQM)
	for b.Loop() {
		LLSQGradient(x, 4096)
	}
}

func BenchmarkDetGradient(b *testing.B) {
	a := GenDet(8)
	for b.Loop() {
		DetGradient(a, 8)
	}
}

func BenchmarkODEGradient(b *testing.B) {
	x := GenODE(10000)
	for b.Loop() {
		ODEGradient(x, 10)
	}
}

func BenchmarkLSTMGradient(b *testing.B) {
	in := GenLSTM(2, LSTMB, 1024)
	for b.Loop() {
		LSTMGradient(in)
	}
}

func BenchmarkBAObjective(b *testing.B) {
	p := GenBA(49, 7776, 31843).Expand()
	for b.Loop() {
		BAObjective(p)
	}
}

func BenchmarkHTObjective(b *testing.B) {
	in := GenHT(HTBigV, HTT, 100, true)
	for b.Loop() {
		HTObjective(in)
	}
}

func BenchmarkParticle(b *testing.B) {
	for b.Loop() {
		ParticleArgmin(ParticleW0)
	}
}

func BenchmarkSaddle(b *testing.B) {
	for b.Loop() {
		Saddle(SaddleStart)
	}
}
