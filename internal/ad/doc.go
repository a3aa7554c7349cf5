// Package ad expands the automatic-differentiation operators of the core
// IR (LANGUAGE.md §14) into ordinary IR.
//
// Expand walks every function and replaces each ir.JVP by code that
// computes the primal results and their tangents, innermost operator
// first, so that a nested operator has already become plain code (with
// names of its own) when the enclosing one differentiates it: tangents of
// different operators can never be confused.
//
// Forward mode (fwd*.go) follows seed 000 and the rules of AD-NOTES.md:
// every value has a tangent of the same type and shape (integers and
// booleans too, §14.3), tangent statements follow the primal statement
// they belong to, SOACs carry primal and tangent arrays side by side,
// reduce/scan/hist use the lifted operator (a,da) op' (b,db) with neutral
// (ne, 0), and loops carry tangents as extra parameters. Tangents known to
// be zero are not computed at all, nor are those no result's tangent
// depends on (fwd_need.go: a value that is only compared or used as an
// index, such as the objective inside a forward-over-reverse Hessian). With JVP.Vec (jmp) every tangent has an
// extra innermost dimension of the batch width: the tangents of an array's
// rows are the rows of its tangent, so SOACs and data movement take
// batched tangents as they are, scalar tangent arithmetic runs in maps
// over the width (consecutive statements share one), and only additions
// over a SOAC's elements read lanes; jmp's arguments and results, whose
// batch is outermost, are transposed once at entry and exit.
//
// Reverse mode lives in package rev (internal/ad/rev); Expand hands it
// every ir.VJP once the operators inside have been expanded, so forward
// over reverse (jvp or jmp of vjp: Hessian-vector products) composes.
//
// API: Expand(program) and ExpandFunc(function) return a new program or
// function without JVP and VJP nodes, or an *Error (with a position) for
// what cannot be differentiated: accumulators with a custom operator, a
// third derivative of gamma or lgamma (their derivatives use prim's
// digamma and trigamma, §14.4; tetragamma has no formula), and whatever
// rev reports.
package ad
