// Package adprop holds property tests of automatic differentiation over every
// program of the repository: for each entry point whose parameters and results
// are floats (f32/f64 scalars or arrays), it differentiates the entry with jvp
// and vjp in a generated wrapper program and checks forward mode against
// central finite differences of the primal, jvp against vjp by duality, and
// reverse mode with and without its special-case rules.
//
// known-gaps.txt lists the entries that fail today, one check per line; the
// test fails when an unlisted check fails or a listed one passes.
package adprop
