package benchrun

import (
	"reflect"
	"testing"
	"time"

	"github.com/fluxion-lang/fluxion/internal/testspec"
)

// selfTimedBackend compiles to a program that reports its own run times,
// as a compiled program in another process does.
type selfTimedBackend struct{ prog *selfTimedProgram }

func (b selfTimedBackend) Name() string { return "fake" }

func (b selfTimedBackend) Compile(string) (testspec.Program, error) { return b.prog, nil }

type selfTimedProgram struct {
	clock *fakeClock
	calls int
}

func (p *selfTimedProgram) Run(entry string, args []testspec.Value) ([]testspec.Value, error) {
	vs, _, err := p.RunTimed(entry, args)
	return vs, err
}

// RunTimed reports 10μs times the call number while the wall clock moves
// a whole second (the cost of talking to the process).
func (p *selfTimedProgram) RunTimed(entry string, args []testspec.Value) ([]testspec.Value, time.Duration, error) {
	p.calls++
	p.clock.Advance(time.Second)
	return args, time.Duration(p.calls) * 10 * time.Microsecond, nil
}

func TestSelfTimedProgramsReportTheirOwnTimes(t *testing.T) {
	clock := newFakeClock()
	prog := &selfTimedProgram{clock: clock}
	dir := writeFiles(t, map[string]string{"p.fut": "-- ==\n-- input { 2i32 } output { 2i32 }\n"})
	rep, err := Run(Options{Backend: selfTimedBackend{prog}, Runs: 3, Clock: clock}, []string{dir}, nil)
	if err != nil {
		t.Fatal(err)
	}
	d := rep.Benchmarks[0].Datasets[0]
	// Call 1 is the warm-up; the wall clock's second per call is ignored.
	if want := []int64{20, 30, 40}; d.Failed() || !reflect.DeepEqual(d.Runtimes, want) {
		t.Errorf("runtimes %v (error %q), want %v", d.Runtimes, d.Err, want)
	}
}
