// Package gogen is Fluxion's Go backend: it compiles a core IR program
// (internal/ir) to the source of a self-contained Go package whose results
// are those of the reference interpreter (internal/interp): bit for bit for
// integers and for floats wherever the operation order is the same.
//
// # Using it
//
// Generate(prog, "name") returns file name -> gofmt-formatted source. Write
// every file into one directory; it is a package called name that imports
// only the standard library (the runtime, package rt of this repository, is
// copied in as the rt_*.go files). A driver needs a module around it, e.g.
//
//	work/go.mod          module fluxionprog
//	                     go 1.26
//	work/name/*.go       the files of Generate
//	work/main.go         package main; import "fluxionprog/name"
//
// and builds it with `go build` (no network: nothing outside the standard
// library is imported). Output is deterministic, so a cache may key on the
// generated sources. GenerateWith takes Options (the shared runtime,
// below).
//
// # The generated API
//
// Every entry point e becomes an exported function (its name capitalised,
// non-identifier characters dropped, "_" appended on clashes) documented
// with the source signature (ir.Func.Signature: patterns, types and named
// sizes as the program declares them):
//
//	// Main runs the entry point main:
//	//
//	//	entry main [n] (xs: [n]f64) (k: i64) : ([n]i32, f64)
//	func Main(xs Array[float64], k int64) (r0 Array[int32], r1 float64, err error)
//
// Parameters keep their source names. A tuple or record is passed as one
// Go value per component, named by its path (p.0 is p_0, r.x is r_x; an
// array of records is a record of arrays); names bound by a pattern such
// as (u, v) are used as they are; a parameter without a name (_) is a<k>,
// for its position k. Results are r<k>, or named by their fields when the
// entry returns a record ({loss, grad} gives loss and grad; component 1.a
// of a tuple result is r1_a). A name that Go or the package already uses
// (a keyword, a predeclared identifier such as len, a runtime name) gets
// "_" appended.
//
// Scalars are Go scalars (i8..u64, f32, f64, bool); f16 is the named type
// F16 holding the IEEE binary16 bits (F16.F64 and ToF16 convert). Arrays are
// Array[T]{Shape []int64; Data []T}, flat in row-major order (NewArray
// checks that the data fits the shape, with an *Error). Arguments are not
// modified: arrays the program updates in place are copied on entry;
// results may share storage with arguments. Run-time failures (bounds,
// shapes, sizes, assertions, division by zero, negative exponents, arrays
// larger than the memory budget) come back as *Error, whose text is the
// interpreter's, "file:line:col: message".
//
// Every array the program makes is checked against the memory budget
// before it is allocated (the runtime's CheckAlloc, which the interpreter
// and the value readers share): the element count must not overflow and
// the size must be at most MemoryBudget() bytes, by default a quarter of
// the machine's memory, set by the environment variable
// FLUXION_MEMORY_BUDGET ("512MiB", "2GB", "50%") or SetMemoryBudget.
//
// For drivers that handle values dynamically, Entries maps each source
// entry name to an EntryPoint: the types of its Go parameters and results
// as the source writes them ("[n][]f64": constant and named sizes, []
// for anonymous ones) and Call(args []any) ([]any, error), taking and
// returning the Go values above (a wrong argument type is an error, not a
// panic). Messages about arguments use the same types, so internal size
// names never reach users. The package also has ReadBinary(r,
// entry.Params) and WriteBinary(w, values) for the binary value format
// (FORMATS.md §2), and Recycle(done, live...), which hands the storage of
// results the caller is done with to later calls.
//
// Driver(importPath) returns a ready main.go for this: `prog ENTRY` reads
// the arguments in binary from standard input and writes the results in
// binary to standard output (exit 1 with the error message on standard
// error for run-time failures, 2 for bad usage or input). A compiled
// `fluxion run` writes the inputs with values.WriteBinary, runs the binary
// and reads the results with values.ReadAll:
//
//	work/go.mod     module fluxionprog\n\ngo 1.26
//	work/prog/*.go  Generate(prog, "prog")
//	work/main.go    Driver("fluxionprog/prog")
//	cd work && go build -o prog.bin .
//
// With Options.Example the package also gets example_test.go: a godoc
// example (func Example) that builds arguments with NewArray, calls one
// entry point and prints its results, or its error. When the Example
// carries the results (fluxion build computes them with the interpreter),
// they are the example's Output comment, so go test runs the example and
// checks the generated code against them.
//
// # Sharing the runtime
//
// Each package that embeds the runtime has its own Array, Error and F16
// types, so the arrays of one generated package cannot be passed to
// another. With Options.SharedRuntime (fluxion build --runtime=shared)
// the package imports the runtime instead (shared.go):
//
//   - rt_api.go declares the runtime's API as aliases of package rt
//     (type Array[T any] = rt.Array[T], and NewArray, ToF16, ReadBinary,
//     WriteBinary calling rt's), so the package's API is the same as with
//     the embedded runtime, and every package sharing the runtime has the
//     same types: an Array[float64] or *Error of one is one of the other,
//     and its Entries accept the other's arrays.
//   - The generated code calls the helpers through package rt/rtimpl:
//     fail(...) becomes rtimpl.Fail(...). rtimpl is rt's unexported code
//     under exported names, derived from rt's sources by SharedRuntime
//     (go generate ./rt/rtimpl; a test checks that it is up to date). It
//     exists for generated code only: rt stays the one API for programs,
//     and rtimpl promises no compatibility. A generated package refers to
//     the constant rtimpl.RevisionXXXX of the runtime it was generated
//     for, so that against other runtime sources it fails to compile
//     rather than misbehave: build it with the same version of this
//     repository as the compiler that generated it.
//
// The module holding such a package requires github.com/fluxion-lang/fluxion.
// Everything else, the generated code and its results, is the same in both
// forms (TestDiff runs every program both ways). The worker pool of
// parallel SOACs is then one for all packages.
//
// # Execution
//
// Scalar code is inline Go with the semantics of internal/prim (wrap-around
// integers, floor division, shifts by out-of-range amounts, f32 rounding at
// every step, f16 computed in f32 and rounded, §8.6 conversions), with small
// runtime helpers where Go differs. Top-level map, reduce and scan run on a
// worker pool sized by GOMAXPROCS: a loop of n iterations is split into at
// most 64 chunks whose bounds depend only on n and a per-site grain, so
// reductions combine the same partial results in the same order on any
// number of cores (results are identical on 1 or many cores). Reductions
// fold every chunk from the neutral element and combine the chunk results
// in order; scans use three phases (chunk sums, a sequential scan of them,
// a rescan of every chunk; a screma's scans over a cheap function apply
// the function in both phases that read rows); hist builds one private
// histogram per chunk and combines them in chunk order (when chunks times
// bins is at most 2^22); scatter runs in two passes, where every input
// first claims its element (the largest index wins, with compare-and-swap)
// and then only the winners write, which keeps "the last write wins". A
// map whose results only the next reduce reads is computed inside that
// reduce.
// Sums, minima and maxima of floats fold four elements at a time into four
// partial results (lanes in screma.go), combined in a fixed order. A
// sequential screma over rows whose function is one reduction over the
// row's elements runs four rows at a time through one inner loop (jam.go).
// Run sequentially: SOACs inside the function of a parallel SOAC, maps over
// accumulators (updates are applied in order), scans and hists whose
// operator may fail (so that the interpreter's error is reported), and
// small problems. When several chunks fail, the error of the lowest chunk
// is reported, which is the one a sequential run meets first. Recursive
// functions (Apply) become Go functions with the interpreter's limit of
// 20000 nested calls.
//
// Consumed arrays (the IR's consumption rules) are updated in place:
// updates, scatter, hist and accumulators write into the array's storage.
// An accumulator update is an inline addition (of a row: a loop of +=,
// written out for a row of a matrix, addRow otherwise) when the
// accumulator's storage comes (by the IR facts' aliasing, through maps,
// loops, ifs and earlier updates) only from accumulator scopes without an
// operator of their own; otherwise it calls the scope's operator. Inside
// a loop the accumulator's data and dimensions are read once, before it.
// Floor division and modulus by a power of two are a shift and a mask.
// A replicate of a constant with zero bits is Go's clear.
// JVP and VJP must be expanded by the AD passes before generation.
//
// # Memory and loops
//
// Storage is planned (mem.go) so that the steady state of a SOAC lambda or
// a loop body allocates nothing:
//
//   - An array created inside a repeated region (a SOAC's lambda, applied
//     once per element, or a loop body) that cannot outlive the region's
//     iteration (by the IR facts' aliasing, nothing reachable from the region's
//     results shares its storage) lives in a scratch buffer of the worker
//     running the code (the function, or one chunk of a parallel loop):
//     a field of the worker's scratch struct, which the worker takes from
//     a package-level scratchPool where it starts and gives back when it
//     ends, so that the next call, or the next chunk, reuses what this
//     one grew.
//   - A map whose rows have a shape known before the loop allocates its
//     result first, and the statement that creates row i builds it in
//     place (destination passing), through in-place updates, ifs and
//     accumulator scopes; putRow then finds the row already there. When
//     the result's row dimensions are known there and the row is built
//     with the same ones, the row is a view made in line and nothing is
//     stored (placeRows, inPlace).
//   - A loop builds the array it carries in two buffers used alternately
//     (iteration i writes buffer i&1), when no value of an earlier
//     iteration but the current parameters can be alive; so does a
//     reduction for the arrays its operator builds for the accumulator
//     (two buffers per chunk, whose partial result outlives it). A
//     loop whose body builds such a result afresh returns its initial
//     array only when it ran no iteration: that array may be scratch,
//     and the loop then copies it out (memPlan.initCut).
//   - One-dimensional iotas, replicates of a scalar and rotations that
//     are only read element by element are never stored, and such rows
//     of stored arrays (a[i], a SOAC's row) are Go slices of the array's
//     data rather than array values (virtual.go).
//   - Maps in a row that read each other's results shifted by one (a
//     rotation by -1 or 1) run as one loop, a stencil group, which
//     carries the shifted values in variables and stores only what is
//     read after it (stencil.go).
//   - A sine and a cosine of the same operand are one math.Sincos, and
//     a quotient and a remainder of the same operands one division
//     (pairs.go).
//   - Slices of one contiguous block, reshapes and rows are views.
//   - The operands of a concatenation that the same body builds for it
//     alone are built in the parts of its result (concat.go), and arrays
//     a function's results do not reach live in its worker's scratch.
//
// Shapes are checked once, where a value is bound; afterwards they are
// facts (gen.shp) that let later width and shape checks disappear and
// give row sizes without reading the shape. A loop parameter's declared
// shape is checked on entry and at the back edge (where not known) and
// is a fact in the body; an update in place keeps its array's facts, an
// if those both branches share. An array bound to another's Go value (an
// update in place, an if giving the same array either way) is recorded
// (gen.same), and a loop parameter whose next value is its own array is
// not assigned back. A loop over a rotation read element by element runs
// in two parts split where the index wraps (rangeLoop), which the loop's
// other rotations by the same constant amount share. SOAC loops slice their
// one-dimensional inputs and outputs to the loop's range first, so that
// Go eliminates the bounds check of every element access. A parallel
// SOAC with a cheap function runs in place, without the worker pool, when
// its width fits in one chunk.
package gogen
