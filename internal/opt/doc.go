// Package opt is Fluxion's simplifier: IR -> IR passes listed in one
// table (Passes) and Simplify, which runs them to a fixed point. Every
// pass works on a deep copy and leaves its input alone. Safety rules:
// copyprop replaces names bound by an Atom with the atom, which is safe
// for consumption because an atom already shares its source's storage;
// fold evaluates scalar operations with internal/prim only when that
// succeeds (1/0 stays, to fail at run time at its own position), takes the
// known branch of an if, replaces loops that never run by their initial
// values and sizes of statically known dimensions by constants, and applies
// the algebraic rules of rules.go (exact for floats: x*1, x-0, x/1, --x,
// never x+0 or x*0); cse reuses an earlier identical statement only when
// both are pure (no consumption, assertion, accumulator update, call,
// Scratch or AD operator inside) and neither binds an array that may be
// consumed or an accumulator; hoist moves out of loops and map, reduce and
// scan lambdas the pure statements that read nothing bound inside, never
// consumed arrays or accumulators, and moves a statement that can fail only
// out of a construct statically known to run its body at least once
// (never out of reduce/scan operators); dce removes statements whose
// results are unused even if they could fail (as Futhark does: a dead
// out-of-bounds index disappears) but keeps every Assert and accumulator
// update, and drops unused loop parameters (those no live result or live
// parameter depends on), unused map and if results and unused map inputs.
package opt
