// Package tuned holds speed-tuned, single-threaded Go implementations of
// the GradBench functions that GradBench's hand-written C++ tool
// implements: gmm, ba, ht and lstm (objective and Jacobian), kmeans (cost
// and Newton direction), lse, llsq, ode and det (primal and gradient).
//
// They are the baseline for what Go itself can do. The C++ tool is
// compiled with -O3 -march=native and its compiler vectorises loops, which
// Go's compiler never does, so some of its figures are out of reach for
// any Go code; these kernels show how close Go gets with the same
// algorithm, and compiled Fluxion code is measured against them. The
// oracles of bench/oracle check correctness and are written for clarity;
// these are written for speed:
//
//   - the same algorithm and cost class as the C++ tool (det keeps the
//     factorial Laplace expansion; derivatives are hand-derived), with
//     loops fused where that saves passes over memory. Two exceptions:
//     the lstm Jacobian is a reverse sweep, where the C++ tool carries
//     the state's Jacobian forward through the sequence, and the ode
//     gradient differentiates the RK4 solver, as compiled Fluxion code
//     does, where the C++ tool returns the gradient of the ODE's exact
//     solution (O(n), whatever the number of steps);
//   - flat []float64 data in the layouts of the bench/<eval>/<eval>.fut
//     entry points, slices re-sliced to their exact length before a loop
//     so that the compiler drops the bounds checks, scalars in locals,
//     independent rows interleaved so that the processor can overlap
//     their dependency chains;
//   - no allocation in the steady state: kernels write into slices the
//     caller provides, and the scratch memory a kernel needs lives in a
//     work value (ODEWork, GMMWork, ...) that grows once and is reused by
//     later calls. The zero work value is ready to use.
//
// Every kernel is sequential; none starts a goroutine.
//
// Kernels check that their arguments have consistent lengths and panic
// with a message if not: callers (such as bench/cmd/gbtuned) validate
// external input first.
package tuned

import "fmt"

// need panics unless the slice length n is want.
func need(what string, n, want int) {
	if n != want {
		panic(fmt.Sprintf("tuned: %s has length %d, want %d", what, n, want))
	}
}

// grow returns s resliced to length n, reallocating only if its capacity
// is too small. The contents are not preserved or cleared.
func grow(s []float64, n int) []float64 {
	if cap(s) < n {
		return make([]float64, n)
	}
	return s[:n]
}
