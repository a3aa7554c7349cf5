// Package oracle holds hand-written Go implementations of the benchmark
// workloads in bench/ (GradBench's evals, spec/GRADBENCH.md §2): each
// objective, its hand-derived derivative where practical, and deterministic
// seeded data generators. They serve both as correctness oracles for the
// Fluxion programs and as speed baselines.
package oracle

import "math/rand/v2"

// Seed is the seed of every generator, after GradBench's numpy seed.
const Seed = 31337

// newRand returns the deterministic source used by all generators.
func newRand() *rand.Rand { return rand.New(rand.NewPCG(Seed, 0)) }

// uniform returns n numbers uniform on [0, 1).
func uniform(r *rand.Rand, n int) []float64 {
	xs := make([]float64, n)
	for i := range xs {
		xs[i] = r.Float64()
	}
	return xs
}

// normal returns n standard normal numbers.
func normal(r *rand.Rand, n int) []float64 {
	xs := make([]float64, n)
	for i := range xs {
		xs[i] = r.NormFloat64()
	}
	return xs
}
