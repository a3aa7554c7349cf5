// Package adprop holds property tests of automatic differentiation over every
// program of the repository (tests/, examples/, bench/; tests/lang/errors is
// left out). TestADProperties takes each entry point whose results are f32/f64
// scalars or arrays and whose parameters are primitive scalars or arrays with
// at least one f32/f64 among them, and generates in memory a wrapper program
// that imports the entry's file and applies jvp2 and vjp2 to it. The f32/f64
// parameters are differentiated; the others are free variables of the
// differentiated lambda, hence constants (LANGUAGE.md §14.1). At the inputs of
// the entry's test blocks (at most three cases; one with -short) and at a
// seeded random direction xdot and cotangent ybar it checks:
//
//   - fd: jvp against central differences of the primal along xdot. The step
//     is a power of two (2^-17 for f64, 2^-8 for f32, times the magnitude of
//     the input) so that x +- h*xdot is exact; the tolerance is 1e-6 (f64) or
//     1e-3 (f32) relative to the result's largest element, plus rounding
//     noise eps*|y|/h. A point is skipped when the central differences at h
//     and h/2 disagree, or when forward minus backward differences do not
//     shrink with h (a kink, a jump, or a tie in min/max), or when the
//     result's shape changes or it is not finite. A point where the check
//     fails is skipped when the tangent itself jumps there (it differs at
//     x +- h/2 xdot): the program branches on the input (ht's zero
//     weights), and differences across the branch say nothing about the
//     branch's derivative.
//   - duality: <ybar, J xdot> from jvp equals <J^T ybar, xdot> from vjp within
//     1e-9 (f64) or 1e-4 (f32) of the sum of the absolute products. Entries
//     that reach with_vjp are exempt: their cotangents are user-defined.
//   - generic: vjp compiled with rev.NoSpecialCases agrees with the default
//     vjp to the same tolerance.
//   - jvp, vjp, vjp-generic: each wrapper compiles, runs, and returns the
//     entry's own primal result.
//
// Entries that use AD themselves are included: differentiating them checks
// second (or third) derivatives, and finite differences of a derivative are
// as good an oracle as of any other function. f16 values are not
// differentiated (finite differences in half precision say nothing): f16
// parameters are held constant and entries with f16 results are skipped, as
// are entries whose primal takes longer than a time budget at every case, since
// each case runs the primal five times and its derivatives three more.
//
// known-gaps.txt lists the checks that fail today, one "file entry check" a
// line; the test fails when an unlisted check fails or a listed one passes,
// and -update rewrites the list.
package adprop
