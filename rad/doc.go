// Package rad computes reverse-mode derivatives of ordinary Go code,
// including code that forks into parallel tasks.
//
// A function to differentiate takes a *Task and a slice of Num inputs and
// computes with the Task's methods (Add, Mul, Sin, Pow, ...) instead of Go
// operators. Every operation computes its value and its partial derivatives
// at once and appends them to a tape: flat, pointer-free slices, so the
// garbage collector never scans them. Each result carries an ID; the reverse
// sweep visits IDs in decreasing order and touches every recorded operation
// once, so a gradient costs a constant factor over the original computation,
// however much the computation shares intermediate values.
//
// Task.Par and ParMap fork the computation into parallel tasks. Each
// sequential stretch of a task (a job) records on its own tape segment, and
// the fork/join structure is kept as a job graph. The reverse sweep walks
// that graph backwards: a fork in the forward pass becomes a join in the
// reverse pass, and sibling tasks are differentiated in parallel.
//
// Misuse that can be detected (a Num from another tape, the parent Task
// used inside a Par branch, a Task used after its branch ended, a Num passed
// between concurrent branches other than through the join, and in Debug
// mode a Task used from a goroutine that does not run it) makes the whole
// computation fail with an error rather than a panic.
//
// Config selects parallel (the default), Sequential or Deterministic
// differentiation; Deterministic gives bitwise-reproducible gradients.
package rad
