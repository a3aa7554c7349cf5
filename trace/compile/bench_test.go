package compile

import (
	"os"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"github.com/fluxion-lang/fluxion/internal/gobuild"
	"github.com/fluxion-lang/fluxion/internal/pipeline"
	"github.com/fluxion-lang/fluxion/internal/values"
	"github.com/fluxion-lang/fluxion/trace"
	"github.com/fluxion-lang/fluxion/trace/internal/corpus"
)

// BenchmarkCompiled times, at the corpus's large sizes and on the Go
// backend, the compiler's vjp of the Fluxion version of every function
// (its value entry and its gradient entry) and the compiled trace of the
// Go version. The times are measured inside the compiled program, around
// the entry point alone, which runs on one core (GOMAXPROCS=1); the
// benchmark reports the fastest (min-ns/run) and the median (med-ns/run)
// of the runs. Reproduce with
//
//	go test -run XXX -bench Compiled -cpu 1 -timeout 60m ./trace/compile/
//
// The executables are cached in $FLUXION_CACHE, by default in
// fluxion-trace-bench under the temporary directory: building the largest
// compiled traces takes the Go toolchain minutes.
func BenchmarkCompiled(b *testing.B) {
	b.Setenv("GOMAXPROCS", "1") // for the compiled programs, started below
	cache := os.Getenv("FLUXION_CACHE")
	if cache == "" {
		cache = filepath.Join(os.TempDir(), "fluxion-trace-bench")
	}
	root := repoRoot(b)
	procs := map[string]*gobuild.Process{}
	defer func() {
		for _, p := range procs {
			p.Close()
		}
	}()
	for _, c := range corpus.Cases(corpus.Large) {
		if c.Name == "dot-map" || c.Name == "matvec-map" {
			continue // the same Fluxion program and, compiled, the same IR shape
		}
		proc := procs[c.File]
		if proc == nil {
			prog, err := pipeline.CompileFile(filepath.Join(root, c.File), pipeline.Options{})
			if err != nil {
				b.Fatal(err)
			}
			exe, err := gobuild.Build(prog, gobuild.Options{CacheDir: cache, Version: "bench"})
			if err != nil {
				b.Fatal(err)
			}
			if proc, err = exe.Start(); err != nil {
				b.Fatal(err)
			}
			procs[c.File] = proc
		}
		args := futArgs(b, c)
		b.Run(c.Name+"/fluxion-value", func(b *testing.B) { timeCalls(b, proc, c.Value, args) })
		b.Run(c.Name+"/fluxion-vjp", func(b *testing.B) { timeCalls(b, proc, c.Grad, args) })
		if c.Branches {
			continue
		}
		tr, err := trace.RecordScalar(c.Trace, c.X)
		if err != nil {
			b.Fatal(err)
		}
		g, err := Compile(tr, Options{Backend: Go, CacheDir: cache})
		if err != nil {
			b.Fatal(err)
		}
		b.Run(c.Name+"/compiled-trace", func(b *testing.B) { timeCalls(b, g.proc, Entry, g.args(c.X, []float64{1})) })
		g.Close()
	}
}

// timeCalls runs entry b.N times inside the compiled program and reports
// the in-program times.
func timeCalls(b *testing.B, p *gobuild.Process, entry string, args []values.Value) {
	var times []time.Duration
	for b.Loop() {
		_, ts, err := p.Call(entry, 1, args)
		if err != nil {
			b.Fatal(err)
		}
		times = append(times, ts...)
	}
	slices.Sort(times)
	b.ReportMetric(float64(times[0].Nanoseconds()), "min-ns/run")
	b.ReportMetric(float64(times[len(times)/2].Nanoseconds()), "med-ns/run")
}
