// Package lower translates a checked program (internal/check) into the
// core IR (internal/ir).
//
// It works by normalisation: source expressions evaluate, at compile time,
// to values that are either IR values (leaves), records of values, sums
// (an i64 tag and a payload per constructor), or functions known at
// compile time. Applying a function inlines its body, so polymorphism and
// higher-order functions disappear; only lambdas handed to intrinsics
// (map, reduce, jvp, ...) become IR lambdas. An array of records is a
// record of arrays and an array of sums a sum of arrays, so indexing,
// mapping and zipping act on every leaf and zip/unzip cost nothing.
// Directly recursive top-level functions cannot be inlined: each type
// instance becomes an internal IR function called with ir.Apply.
//
// Sizes: size parameters are bound from the actual shapes of the
// arguments first and from the instance the checker inferred otherwise;
// entry-point sizes (named or anonymous) become implicit size parameters,
// and a dimension an entry parameter declares by a size expression gets
// one of its own, asserted equal to the expression before the body;
// `:>` coercions become patterns whose declared sizes the backends check.
//
// In-place updates follow the source: `a with [i] = v` consumes a, as in
// Futhark. The checker rejects programs that use a consumed array again
// or consume storage they do not own (LANGUAGE-V2 §2); as a safety net for
// what it cannot see, where the program goes on using a consumed array (or
// an array sharing its storage), or consumes storage it does not own (an
// array from outside a loop body or lambda, a parameter of a recursive
// function), a Copy is inserted first (copies.go), so the result keeps
// value semantics; arrays never used again are updated in place.
//
// Accumulators of source programs (scatter_stream, hist_stream) are
// values of their arrays that remember how writes combine; a stream is a
// sequential loop over its input (docs/INTRINSICS.md). A typed hole is an
// assertion that fails, with a placeholder value of its type.
//
// Not supported yet (a clear error at the construct): recursive functions
// with function-typed arguments, size parameters that neither an argument
// shape nor the checker's instance determines, and functions returned
// from if/match branches, loops or SOAC lambdas.
package lower
