// Package trace computes reverse-mode derivatives of Go functions over
// float64 scalars and arrays by tracing them, and keeps their data
// parallelism in the reverse pass.
//
// A function to differentiate takes a *Tracer and its input as an Array
// and computes with the Tracer's methods: scalar arithmetic and math
// functions on Scalars, and array operations (Map, Map2, MapN, Reduce,
// Fold, Scan, Sum, Dot, MatVec, At, Slice, Concat, Pack, Reshape). Plain
// Go control flow may read values (Scalar.Value); the trace then holds the
// branch taken.
//
// Running the function records a trace: every operation on traced values
// with its intermediate value and the number of times it is used (its
// reference count). Constants (values that do not depend on the input),
// booleans, integers and Go functions are traced away. The reverse pass
// starts at the output and hands every operand its partial adjoint; an
// operation whose partial adjoints have all arrived (as many as its
// reference count) is complete and is reversed in turn, so independent
// parts of the trace are reversed in parallel tasks. Partial adjoints are
// added in a fixed order, so gradients are bitwise the same on any number
// of cores.
//
// The function given to Map (and to Reduce, Fold and Scan) is traced once,
// on the first element. If it never reads a value that depends on its
// arguments, that trace is a straight-line program valid for every
// element: the map is vectorised, evaluated and reversed as one
// data-parallel operation. Otherwise the function is traced per element
// and the elements are reversed in parallel tasks. Outer traced values
// the function uses are its free variables: their adjoints from all
// elements are summed once.
//
// A Trace can be reversed any number of times (Trace.VJP), and a trace
// whose code never read a traced value can be evaluated again at another
// input without running the Go function (Trace.Replay). The subpackage
// compile turns such a trace into a program of the Fluxion compiler,
// whose reverse mode, optimiser and Go backend then compute the gradient.
//
// The algorithm is that of van Hus, "Maintaining parallelism in
// reverse-mode automatic differentiation on functional parallel array
// languages": tracing with intermediate values and reference counts, a
// reverse pass that discovers its topological order as it goes, and
// vectorised maps and segmented folds whose reverse is data-parallel.
//
// Misuse (a value from another trace, a function's value used outside the
// function, array operations inside a function, mismatched lengths, an
// index out of range) makes the entry point return an error naming the
// operation; after it, operations keep computing values but record
// nothing.
package trace
