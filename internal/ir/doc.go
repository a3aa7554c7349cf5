// Package ir is Fluxion's core intermediate representation: what the
// lowering produces, what the simplifier and the AD passes transform, and
// what the interpreter and the Go code generator consume.
//
// Invariants (Verify checks all of them except the alias caveat below):
//
//   - First order. The only functions are the program's entry points,
//     internal functions (Func.Internal: recursive source functions, which
//     cannot be inlined; only Apply calls them, and Apply never consumes
//     its arguments), and anonymous Lambdas that appear as arguments of
//     SOACs, AD operators and accumulators. Lambdas may read variables in
//     scope where they appear; they have no other way to refer to outer
//     code.
//   - A-normal form. Operands are SubExps (constants or names); every
//     intermediate value is bound by a statement (Stm) to a pattern of typed
//     names. A Body is statements plus result SubExps.
//   - Unique names. A VName is bound at most once in a function (parameters,
//     patterns, loop parameters and indices, lambda parameters), so no name
//     is shadowed and a flat map from names to anything is always safe.
//     Passes that duplicate code rename it (RenameBody, RenameLambda).
//   - Definition before use, lexically scoped: names bound inside a body or
//     lambda are not visible after it. Sizes in types are ordinary i64 names
//     (or constants) and obey the same rule; a size may be absent when it is
//     only known at run time (Size reads it). Sizes of function parameters
//     that no parameter defines are bound from the arguments' shapes. The
//     sizes a pattern declares are checked at run time: that is how size
//     coercions are expressed (bind an Atom to a pattern of the new type).
//   - Types are primitive scalars, arrays of primitives (no arrays of
//     tuples: they are several arrays), and accumulators. There are no
//     tuples, records, sums or functions.
//   - Consumption. Update, Hist, Scatter and Screma (destinations),
//     WithAcc (input arrays), UpdAcc (the accumulator), a Map or Screma
//     whose lambda consumes a parameter (the matching input) and a Loop
//     whose body consumes a parameter (the matching initial value)
//     consume an array: after the statement neither it nor any array
//     sharing its storage may be used, so backends update it in place.
//     Which results share storage with which operands is AliasSources
//     (facts.go): views (Atom, Index, Slice, Reshape, Rearrange, Rotate),
//     If and Loop results that may be their operands, reductions that may
//     return their neutral element, calls that may return an argument. A lambda or loop
//     body may not consume a variable defined outside it. Producers that
//     cannot prove an array dead insert a Copy first. (Storage shared by
//     entry-point parameters is the caller's: backends copy arguments that
//     are consumed.)
//   - Accumulators. WithAcc turns arrays into accumulators for the duration
//     of its lambda; UpdAcc adds to them; Map passes an accumulator input
//     whole to every application and returns an accumulator result whole.
//     The lambda must return its accumulators first. While an array is
//     behind an accumulator it is consumed, so no one can observe partial
//     updates. This is how reverse AD accumulates adjoints of free arrays
//     read inside a map (seed 000, section 5.4).
//   - Evaluation order is the statement order; SOACs are pure apart from
//     accumulator updates and have the deterministic sequential meaning
//     documented on each type (the interpreter implements exactly that).
//   - JVP and VJP are expanded by the AD passes; backends reject them.
//     WithVJP means applying F (AD uses Rule).
//
// Every statement carries the source Pos that run-time errors report.
// Program.String is the stable textual form used by `fluxion dump`.
package ir
