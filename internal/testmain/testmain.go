// Package testmain holds the TestMain of the test packages that compile
// and interpret many programs.
package testmain

import (
	"os"
	"runtime/debug"
	"testing"
)

// GCPercent is the garbage collector's target those tests run with,
// unless GOGC is set: they allocate many short-lived IR trees and
// interpreter values, and collecting four times less often takes about a
// third off their CPU time (tests/adprop: 196 s -> 129 s of CPU, peak
// memory 133 MB -> 336 MB).
const GCPercent = 400

// Run runs the tests of m with the garbage collector at GCPercent and
// returns their exit code.
func Run(m *testing.M) int {
	if os.Getenv("GOGC") == "" {
		debug.SetGCPercent(GCPercent)
	}
	return m.Run()
}
