package rev

// FDSource exposes the finite-difference programs to the external tests.
var FDSource = fdSource

// FDNames lists the functions of FDSource.
func FDNames() []string {
	var out []string
	for _, f := range fdFuncs {
		out = append(out, f.name)
	}
	return out
}

// NoFacts exposes the switch that makes the rules ignore what they know of
// adjoint arrays (uniform rows, zeros outside a range).
var NoFacts = &noFacts

// NoSumLoops exposes the switch that turns off the return sweep of
// accumulating loops (sumloop.go).
var NoSumLoops = &noSumLoops

// HistBySort exposes the switch that selects the sorting generic rule of
// reduce_by_index.
var HistBySort = &histBySort

// NoViews exposes the switch that turns off the redirection of the
// adjoints of parameter rows into the parameter's accumulator.
var NoViews = &noViews

// NoLoopActivity exposes the switch that makes every parameter of an
// active loop active.
var NoLoopActivity = &noLoopActivity
