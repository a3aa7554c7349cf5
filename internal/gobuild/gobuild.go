// Package gobuild turns a core IR program into a running Go executable: it
// generates the Go package (internal/gogen), builds it with the Go
// toolchain into a cache keyed by the generated sources, and talks to the
// resulting server process. The compiled backend of `fluxion run`, `test`,
// `bench` and `gradbench` goes through it.
package gobuild

import (
	"bufio"
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/fluxion-lang/fluxion/internal/gogen"
	"github.com/fluxion-lang/fluxion/internal/ir"
	"github.com/fluxion-lang/fluxion/internal/values"
)

// modulePath is the module of the generated build directory.
const modulePath = "fluxionprog"

// pkgName is the generated package's name inside the build directory.
const pkgName = "prog"

// Options configure Build.
type Options struct {
	// CacheDir holds built executables; empty means DefaultCacheDir().
	CacheDir string
	// Version is the compiler version, part of the cache key.
	Version string
}

// DefaultCacheDir is $FLUXION_CACHE, or "fluxion" in the user cache
// directory.
func DefaultCacheDir() (string, error) {
	if d := os.Getenv("FLUXION_CACHE"); d != "" {
		return d, nil
	}
	d, err := os.UserCacheDir()
	if err != nil {
		return "", fmt.Errorf("no cache directory (set FLUXION_CACHE): %v", err)
	}
	return filepath.Join(d, "fluxion"), nil
}

// WritePackage writes the Go package of prog, named name, into dir.
func WritePackage(prog *ir.Program, dir, name string) error {
	files, err := gogen.Generate(prog, name)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	for _, f := range sortedKeys(files) {
		if err := os.WriteFile(filepath.Join(dir, f), files[f], 0o644); err != nil {
			return err
		}
	}
	return nil
}

// Exe is a built program.
type Exe struct {
	Path string
	// Cached reports whether the executable came from the cache.
	Cached bool
}

// Build generates and builds prog, reusing the cached executable when the
// generated sources are unchanged.
func Build(prog *ir.Program, opts Options) (*Exe, error) {
	files, err := gogen.Generate(prog, pkgName)
	if err != nil {
		return nil, err
	}
	tree := map[string][]byte{
		"go.mod":  []byte("module " + modulePath + "\n\ngo 1.26\n"),
		"main.go": driver(modulePath + "/" + pkgName),
	}
	for name, src := range files {
		tree[pkgName+"/"+name] = src
	}
	cache := opts.CacheDir
	if cache == "" {
		if cache, err = DefaultCacheDir(); err != nil {
			return nil, err
		}
	}
	key := treeKey(tree, opts.Version)
	final := filepath.Join(cache, key)
	exe := filepath.Join(final, "prog.bin")
	if _, err := os.Stat(exe); err == nil {
		return &Exe{Path: exe, Cached: true}, nil
	}
	goTool, err := exec.LookPath("go")
	if err != nil {
		return nil, errors.New("the compiled backend needs the Go toolchain (`go` on PATH); use the interpreter instead (--interp)")
	}
	if err := os.MkdirAll(cache, 0o755); err != nil {
		return nil, err
	}
	tmp, err := os.MkdirTemp(cache, "build-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(tmp) // a no-op once renamed into place
	for _, name := range sortedKeys(tree) {
		p := filepath.Join(tmp, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			return nil, err
		}
		if err := os.WriteFile(p, tree[name], 0o644); err != nil {
			return nil, err
		}
	}
	cmd := exec.Command(goTool, "build", "-o", "prog.bin", ".")
	cmd.Dir = tmp
	// The generated module needs nothing but the standard library.
	cmd.Env = append(os.Environ(), "GOWORK=off", "GOFLAGS=-mod=mod", "GOTOOLCHAIN=local", "GOPROXY=off")
	if out, err := cmd.CombinedOutput(); err != nil {
		return nil, fmt.Errorf("internal error: building the generated Go code failed: %v\n%s", err, out)
	}
	if err := os.Rename(tmp, final); err != nil {
		// Another process built the same program first: use its result.
		if _, serr := os.Stat(exe); serr != nil {
			return nil, err
		}
	}
	return &Exe{Path: exe}, nil
}

func treeKey(tree map[string][]byte, version string) string {
	h := sha256.New()
	fmt.Fprintf(h, "fluxion %s\n", version)
	for _, name := range sortedKeys(tree) {
		fmt.Fprintf(h, "%s %d\n", name, len(tree[name]))
		h.Write(tree[name])
	}
	return hex.EncodeToString(h.Sum(nil))[:32]
}

func sortedKeys(m map[string][]byte) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// RunError is a run-time failure of the program (an error in the sense of
// a test block's `error:`).
type RunError struct{ Msg string }

func (e *RunError) Error() string { return e.Msg }

// InputError is a request the program rejected: an unknown entry point or
// arguments of the wrong type or shape.
type InputError struct{ Msg string }

func (e *InputError) Error() string { return e.Msg }

// BadArguments marks the error for the test runner: it is a mistake in the
// test, not a run-time failure.
func (e *InputError) BadArguments() bool { return true }

// Process is a running executable. Its methods may be called from several
// goroutines; requests are served one at a time.
type Process struct {
	mu     sync.Mutex
	cmd    *exec.Cmd
	stdin  io.WriteCloser
	stdout *bufio.Reader
	stderr bytes.Buffer
}

// Start starts the executable's server.
func (e *Exe) Start() (*Process, error) {
	p := &Process{cmd: exec.Command(e.Path)}
	p.cmd.Stderr = &p.stderr
	in, err := p.cmd.StdinPipe()
	if err != nil {
		return nil, err
	}
	out, err := p.cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if err := p.cmd.Start(); err != nil {
		return nil, err
	}
	p.stdin, p.stdout = in, bufio.NewReader(out)
	return p, nil
}

// Close ends the process.
func (p *Process) Close() error {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.stdin.Close()
	return p.cmd.Wait()
}

// Call runs entry runs times on args and returns the results of the last
// run and the time of each run (measured in the process, around the entry
// point alone).
func (p *Process) Call(entry string, runs int, args []values.Value) ([]values.Value, []time.Duration, error) {
	body, err := encode(args)
	if err != nil {
		return nil, nil, err
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	res, ns, err := p.request(fmt.Sprintf("call %s %d %d\n", entry, runs, len(body)), body)
	if err != nil {
		return nil, nil, err
	}
	times := durations(ns)
	vals, err := decode(res)
	return vals, times, err
}

func durations(ns []int64) []time.Duration {
	ds := make([]time.Duration, len(ns))
	for i, n := range ns {
		ds[i] = time.Duration(n)
	}
	return ds
}

// Load binds entry to args in the process, for timed Run calls.
func (p *Process) Load(entry string, args []values.Value) error {
	body, err := encode(args)
	if err != nil {
		return err
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	_, _, err = p.request(fmt.Sprintf("load %s %d\n", entry, len(body)), body)
	return err
}

// Run runs the loaded entry once and returns its time.
func (p *Process) Run() (time.Duration, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	_, times, err := p.request("run\n", nil)
	if err != nil {
		return 0, err
	}
	if len(times) != 1 {
		return 0, errors.New("internal error: malformed reply to run")
	}
	return time.Duration(times[0]), nil
}

// Results returns the results of the last Run.
func (p *Process) Results() ([]values.Value, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	res, _, err := p.request("results\n", nil)
	if err != nil {
		return nil, err
	}
	return decode(res)
}

func (p *Process) request(line string, body []byte) ([]byte, []int64, error) {
	if _, err := io.WriteString(p.stdin, line); err == nil {
		_, err = p.stdin.Write(body)
	}
	reply, err := p.stdout.ReadString('\n')
	if err != nil {
		return nil, nil, fmt.Errorf("internal error: the compiled program stopped: %v %s", err, strings.TrimSpace(p.stderr.String()))
	}
	f := strings.Fields(reply)
	switch {
	case len(f) >= 2 && f[0] == "ok":
		payload, err := p.payload(f[1])
		if err != nil {
			return nil, nil, err
		}
		times := make([]int64, len(f)-2)
		for i, s := range f[2:] {
			if times[i], err = strconv.ParseInt(s, 10, 64); err != nil {
				return nil, nil, fmt.Errorf("internal error: malformed reply %q", reply)
			}
		}
		return payload, times, nil
	case len(f) == 3 && f[0] == "error":
		msg, err := p.payload(f[2])
		if err != nil {
			return nil, nil, err
		}
		if f[1] == "run" {
			return nil, nil, &RunError{string(msg)}
		}
		return nil, nil, &InputError{string(msg)}
	}
	return nil, nil, fmt.Errorf("internal error: malformed reply %q", reply)
}

func (p *Process) payload(size string) ([]byte, error) {
	n, err := strconv.Atoi(size)
	if err != nil || n < 0 {
		return nil, fmt.Errorf("internal error: malformed reply size %q", size)
	}
	buf := make([]byte, n)
	if _, err := io.ReadFull(p.stdout, buf); err != nil {
		return nil, fmt.Errorf("internal error: the compiled program stopped: %v", err)
	}
	return buf, nil
}

func encode(args []values.Value) ([]byte, error) {
	var buf bytes.Buffer
	for _, a := range args {
		if err := values.WriteBinary(&buf, a); err != nil {
			return nil, err
		}
	}
	return buf.Bytes(), nil
}

func decode(b []byte) ([]values.Value, error) {
	vals, err := values.ReadAll(bytes.NewReader(b))
	if err != nil {
		return nil, fmt.Errorf("internal error: reading results of the compiled program: %v", err)
	}
	return vals, nil
}
