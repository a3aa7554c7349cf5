// Package opt is Fluxion's simplifier: IR -> IR passes listed in one
// table (Passes, the names `fluxion dump --after=PASS` accepts) and
// Simplify, which runs the table to a fixed point. Every pass works on a
// deep copy and never modifies its input. Safety rules: copyprop replaces
// a name bound by an Atom with the atom, which is safe for consumption
// since an atom already shares its source's storage, but keeps atoms whose
// declared shape is a run-time check (size coercions); fold evaluates
// scalar operations with internal/prim only when that succeeds (1/0 stays,
// to fail at run time at its own position), takes the known branch of an
// if, replaces loops that never run by their initial values and loop
// parameters the body passes on unchanged by theirs, gives loop
// parameters the dimensions that provably stay those of their initial
// values (loopshape.go), ifs the dimensions both branches' results have,
// and rotations, copies, updates, rearrangements and row indices the
// dimensions of their source, sizes by constants
// (or by size names where the interpreter checks declared shapes: function
// parameters and statement patterns), in-bounds constant indices of
// replicates and literals by the element (a row only when neither it nor
// the name bound to it may be consumed), and applies the algebraic rules
// of rules.go (for floats only the exact x*1, 1*x, x-0, x/1, x**1, --x,
// x<x; never x+0 or x*0); cse reuses an earlier identical statement in
// scope (lambdas compared up to renaming) only when both are pure (no
// consumption, Assert, accumulator update, call, Scratch or AD operator
// inside) and neither binds an accumulator or an array that may be
// consumed; hoist moves out of loops and map, reduce and scan lambdas the
// pure statements that read nothing bound inside, never a consumed array
// or an accumulator, and moves one that can fail (including by a shape
// check) only out of a loop statically known to run, with no statement
// that can fail before it, so the first error is unchanged; reorg removes
// identity and projection maps, map inputs that are replicates or iotas
// used only as indices, and copies whose storage need not be fresh (see
// reorg.go); fuse merges a
// map into a later map of the same width that reads its results as input
// arrays (FuseSOACs, run after AD, also fuses maps into reductions, scans,
// histograms and scatters and SOACs over a common input, into ir.Screma;
// see fuse.go for the conditions that keep every error); dce removes
// statements whose results are unused even if they could fail (as Futhark
// does: a dead out-of-bounds index or shape check disappears) but keeps
// every Assert and accumulator update, and drops loop parameters that no
// used result or live parameter depends on, unused results of maps and
// ifs, and map inputs whose lambda parameter is unused. All passes but dce
// therefore keep every run-time error and its position exactly.
//
// After fusion the pipeline runs Share (share.go): a map or Screma reads
// the expensive values an earlier one over the same rows computes from
// the same inputs as an extra map output of it, instead of recomputing
// them (reverse mode's return sweeps re-execute the forward sweep).
//
// After AD the pipeline runs ADPasses instead of Passes: the same table
// with the rewrite families of Rewrites (rewrite.go) between fold and
// cse, which make forward-mode derivatives over one-hot seeds as cheap as
// reverse mode (ring.go, cond.go, pull.go, loopnorm.go, fission.go; each
// file documents its rules). They keep the same safety rules: no rule
// removes code that can fail unless it is dead, and every float identity
// is exact for all IEEE values unless Options.FastMath admits the ones
// that hold only for finite values up to the sign of zero (x*0 = 0,
// x+0 = x, x-x = 0, 0-x = -x, distributivity).
package opt
