package benchrun

import (
	"errors"
	"os"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/fluxion-lang/fluxion/internal/testspec"
	"github.com/fluxion-lang/fluxion/internal/values"
)

// fakeClock only moves when told to.
type fakeClock struct {
	// noTimers makes After never fire, so that only the measured
	// runtimes can end a dataset.
	noTimers bool

	mu      sync.Mutex
	now     time.Time
	waiters []waiter
}

type waiter struct {
	at time.Time
	ch chan time.Time
}

func newFakeClock() *fakeClock { return &fakeClock{now: time.Unix(1_000_000, 0)} }

func (c *fakeClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

func (c *fakeClock) After(d time.Duration) <-chan time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	ch := make(chan time.Time, 1)
	if c.noTimers {
		return ch
	}
	if d <= 0 {
		ch <- c.now
		return ch
	}
	c.waiters = append(c.waiters, waiter{c.now.Add(d), ch})
	return ch
}

// Advance moves the clock forward and fires the timers that are due.
func (c *fakeClock) Advance(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.now = c.now.Add(d)
	kept := c.waiters[:0]
	for _, w := range c.waiters {
		if !w.at.After(c.now) {
			w.ch <- c.now
		} else {
			kept = append(kept, w)
		}
	}
	c.waiters = kept
}

// fakeEntry is an entry point whose runs take scripted times.
type fakeEntry struct {
	// durations[i] is how long call i takes; calls past the end take the
	// last duration.
	durations []time.Duration
	results   string // the results, in textual format
	failAt    int    // 1-based call that fails with "boom"; 0 for none
	panicAt   int    // 1-based call that panics
	hangAt    int    // 1-based call that blocks until release is closed

	started chan struct{} // closed when the hanging call starts
	release chan struct{}

	mu    sync.Mutex
	calls int
	args  [][]testspec.Value
}

func (e *fakeEntry) Calls() int {
	e.mu.Lock()
	defer e.mu.Unlock()
	return e.calls
}

// fakeProgram runs fake entry points on a fake clock.
type fakeProgram struct {
	clock   *fakeClock
	entries map[string]*fakeEntry
}

func (p *fakeProgram) Run(entry string, args []testspec.Value) ([]testspec.Value, error) {
	e, ok := p.entries[entry]
	if !ok {
		return nil, errors.New("no entry point " + entry)
	}
	e.mu.Lock()
	e.calls++
	n := e.calls
	e.args = append(e.args, args)
	d := time.Duration(0)
	if len(e.durations) > 0 {
		d = e.durations[min(n, len(e.durations))-1]
	}
	e.mu.Unlock()
	if n == e.hangAt {
		close(e.started)
		<-e.release
		return nil, nil
	}
	p.clock.Advance(d)
	if n == e.failAt {
		return nil, errors.New("boom")
	}
	if n == e.panicAt {
		panic("kaboom")
	}
	return values.ParseText(e.results)
}

// fakeBackend "compiles" a program by looking up its base name.
type fakeBackend struct {
	programs map[string]*fakeProgram // by base name
	compileE map[string]string       // compile errors by base name
	panics   map[string]bool         // compilation panics, by base name
	compiled []string
}

func (b *fakeBackend) Name() string { return "fake" }

func (b *fakeBackend) Compile(path string) (testspec.Program, error) {
	base := filepath.Base(path)
	b.compiled = append(b.compiled, base)
	if msg, ok := b.compileE[base]; ok {
		return nil, errors.New(msg)
	}
	if b.panics[base] {
		panic("compiler bug")
	}
	if p, ok := b.programs[base]; ok {
		return p, nil
	}
	return &fakeProgram{entries: map[string]*fakeEntry{}}, nil
}

// writeFiles creates the files (name -> content) under a new temporary
// directory and returns it.
func writeFiles(t *testing.T, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	for name, content := range files {
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

func us(xs ...int64) []time.Duration {
	ds := make([]time.Duration, len(xs))
	for i, x := range xs {
		ds[i] = time.Duration(x) * time.Microsecond
	}
	return ds
}
