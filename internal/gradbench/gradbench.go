// Package gradbench implements Fluxion's GradBench tool: the JSON-lines
// protocol of GRADBENCH.md §1 and, for each of GradBench's evals
// (§2), the conversion of its JSON input to a Fluxion program's arguments
// and of the program's results back to the JSON output the eval checks.
// The programs live under bench/<module>/<module>.fut (hello is built in);
// how they are compiled and run is up to a Backend.
//
// A command serves a whole session with
//
//	err := gradbench.Serve(os.Stdin, os.Stdout, os.Stderr, gradbench.Options{})
//
// which reads until end of file. The zero Options use the interpreter and
// find bench/ above the working directory or the executable; set Root to
// point elsewhere and Backend to use another backend.
package gradbench

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/fluxion-lang/fluxion/internal/values"
)

// Options configure Serve.
type Options struct {
	// Backend compiles the programs; nil means Interpreter{}.
	Backend Backend
	// Root is the directory holding bench/; empty means DefaultRoot().
	Root string
	// Tool is the name reported at start; empty means "fluxion".
	Tool string
	// Modules maps module names to modules; nil means Registry().
	Modules map[string]*Module
	// Inputs, if not empty, is a directory where every evaluate's
	// arguments are written, converted, in the binary value format (one
	// file per message, named after the module, the entry point and the
	// workload's description), so that an entry point can be run or
	// profiled on them outside the session.
	Inputs string
}

// DefaultRoot finds the Fluxion source tree (a directory with go.mod and
// bench/) above the working directory, or else above the executable. It
// returns "" if there is none.
func DefaultRoot() string {
	var starts []string
	if wd, err := os.Getwd(); err == nil {
		starts = append(starts, wd)
	}
	if exe, err := os.Executable(); err == nil {
		if real, err := filepath.EvalSymlinks(exe); err == nil {
			exe = real
		}
		starts = append(starts, filepath.Dir(exe))
	}
	for _, s := range starts {
		if r := FindRoot(s); r != "" {
			return r
		}
	}
	return ""
}

// FindRoot returns the nearest directory at or above dir that holds both
// go.mod and bench/, or "".
func FindRoot(dir string) string {
	dir, err := filepath.Abs(dir)
	if err != nil {
		return ""
	}
	for {
		if isFile(filepath.Join(dir, "go.mod")) && isDir(filepath.Join(dir, "bench")) {
			return dir
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return ""
		}
		dir = parent
	}
}

func isFile(p string) bool { st, err := os.Stat(p); return err == nil && st.Mode().IsRegular() }

func isDir(p string) bool { st, err := os.Stat(p); return err == nil && st.IsDir() }

// message is any message the eval sends; fields unused by a kind stay zero.
type message struct {
	ID       json.RawMessage `json:"id"`
	Kind     string          `json:"kind"`
	Module   string          `json:"module"`
	Function string          `json:"function"`
	Input    json.RawMessage `json:"input"`
	Desc     string          `json:"description"`
	Of       json.RawMessage `json:"of"`
	Valid    *bool           `json:"valid"`
	Error    string          `json:"error"`
}

// timing is a GradBench timing object.
type timing struct {
	Name        string
	Nanoseconds int64
}

// server holds the state of one protocol session.
type server struct {
	opts    Options
	backend Backend
	modules map[string]*Module
	defined map[string]Program
	log     io.Writer
}

// Serve runs the tool's side of the protocol: it reads one message per
// line from in until end of file and writes exactly one response line per
// message to out, flushing after each. Diagnostics go to log. Bad messages
// and failures of the programs are answered, never fatal; only I/O errors
// end Serve early.
func Serve(in io.Reader, out io.Writer, log io.Writer, opts Options) error {
	s := &server{opts: opts, backend: opts.Backend, modules: opts.Modules, defined: map[string]Program{}, log: log}
	if s.backend == nil {
		s.backend = Interpreter{}
	}
	if s.modules == nil {
		s.modules = Registry()
	}
	if s.opts.Root == "" {
		s.opts.Root = DefaultRoot()
	}
	if s.log == nil {
		s.log = io.Discard
	}
	defer s.closeAll()
	r := bufio.NewReaderSize(in, 1<<20)
	w := bufio.NewWriterSize(out, 1<<20)
	for {
		line, rerr := r.ReadBytes('\n')
		if rerr != nil && !errors.Is(rerr, io.EOF) {
			return rerr
		}
		// Blank lines carry no message, so they get no response.
		if len(bytes.TrimSpace(line)) > 0 {
			resp := s.handle(line)
			resp = append(resp, '\n')
			if _, err := w.Write(resp); err != nil {
				return err
			}
			if err := w.Flush(); err != nil {
				return err
			}
		}
		if rerr != nil {
			return nil
		}
	}
}

// closeAll releases the programs that hold resources (such as a server
// process), which the session no longer needs.
func (s *server) closeAll() {
	for name, p := range s.defined {
		closeProgram(p)
		delete(s.defined, name)
	}
}

func closeProgram(p Program) {
	if c, ok := p.(io.Closer); ok {
		c.Close()
	}
}

// handle answers one message line; it recovers from panics so that a bug
// in a conversion costs one failed response rather than the session.
func (s *server) handle(line []byte) (resp []byte) {
	var msg message
	if err := json.Unmarshal(line, &msg); err != nil {
		id := json.RawMessage("null")
		var partial map[string]json.RawMessage
		if json.Unmarshal(line, &partial) == nil && validID(partial["id"]) {
			id = partial["id"]
		}
		fmt.Fprintf(s.log, "gradbench: malformed message: %v\n", err)
		return failure(id, "malformed message: "+err.Error())
	}
	if !validID(msg.ID) {
		msg.ID = json.RawMessage("null")
	}
	defer func() {
		if r := recover(); r != nil {
			fmt.Fprintf(s.log, "gradbench: internal error on message %s: %v\n", msg.ID, r)
			resp = failure(msg.ID, fmt.Sprintf("internal error: %v", r))
		}
	}()
	switch msg.Kind {
	case "start":
		return s.start(msg)
	case "define":
		return s.define(msg)
	case "evaluate":
		return s.evaluate(msg)
	case "analysis":
		if msg.Valid != nil && !*msg.Valid {
			fmt.Fprintf(s.log, "gradbench: evaluate %s judged invalid: %s\n", msg.Of, msg.Error)
		}
		return idOnly(msg.ID)
	default:
		return idOnly(msg.ID)
	}
}

// validID reports whether raw is a JSON value that can be echoed as an id
// (present and on one line after compaction).
func validID(raw json.RawMessage) bool {
	return len(bytes.TrimSpace(raw)) > 0 && json.Valid(raw)
}

func compactID(id json.RawMessage) []byte {
	var b bytes.Buffer
	if json.Compact(&b, id) != nil {
		return []byte("null")
	}
	return b.Bytes()
}

func idOnly(id json.RawMessage) []byte {
	b := append([]byte(`{"id":`), compactID(id)...)
	return append(b, '}')
}

func failure(id json.RawMessage, reason string) []byte {
	b := append([]byte(`{"id":`), compactID(id)...)
	b = append(b, `,"success":false,"error":`...)
	b = appendString(b, reason)
	return append(b, '}')
}

func success(id json.RawMessage, output []byte, timings []timing) []byte {
	b := append([]byte(`{"id":`), compactID(id)...)
	b = append(b, `,"success":true`...)
	if output != nil {
		b = append(b, `,"output":`...)
		b = append(b, output...)
	}
	b = append(b, `,"timings":[`...)
	for i, t := range timings {
		if i > 0 {
			b = append(b, ',')
		}
		b = append(b, `{"name":`...)
		b = appendString(b, t.Name)
		b = append(b, `,"nanoseconds":`...)
		b = strconv.AppendInt(b, max(t.Nanoseconds, 0), 10)
		b = append(b, '}')
	}
	return append(b, "]}"...)
}

func appendString(b []byte, s string) []byte {
	q, _ := json.Marshal(s) // a string always marshals
	return append(b, q...)
}

func (s *server) start(msg message) []byte {
	tool := s.opts.Tool
	if tool == "" {
		tool = "fluxion"
	}
	b := append([]byte(`{"id":`), compactID(msg.ID)...)
	b = append(b, `,"tool":`...)
	b = appendString(b, tool)
	b = append(b, `,"config":{"backend":`...)
	b = appendString(b, s.backend.Name())
	return append(b, "}}"...)
}

func (s *server) define(msg message) []byte {
	mod, ok := s.modules[msg.Module]
	if !ok {
		return failure(msg.ID, fmt.Sprintf("no program for module %s", msg.Module))
	}
	path, cleanup, err := mod.programPath(s.opts.Root)
	if err != nil {
		fmt.Fprintf(s.log, "gradbench: define %s: %v\n", msg.Module, err)
		return failure(msg.ID, err.Error())
	}
	defer cleanup()
	t0 := time.Now()
	prog, err := s.backend.Compile(path)
	elapsed := time.Since(t0)
	if err != nil {
		fmt.Fprintf(s.log, "gradbench: define %s: %v\n", msg.Module, err)
		return failure(msg.ID, fmt.Sprintf("module %s does not compile: %v", msg.Module, err))
	}
	if old, ok := s.defined[msg.Module]; ok {
		closeProgram(old)
	}
	s.defined[msg.Module] = prog
	fmt.Fprintf(s.log, "gradbench: defined %s (%s) in %v\n", msg.Module, path, elapsed)
	return success(msg.ID, nil, []timing{{"compile", elapsed.Nanoseconds()}})
}

// runFields are the repetition fields every eval but hello puts in its input.
type runFields struct {
	MinRuns    *int64   `json:"min_runs"`
	MinSeconds *float64 `json:"min_seconds"`
}

// repetition reads min_runs and min_seconds from an object input; other
// inputs (hello's bare number) run once.
func repetition(input json.RawMessage) (minRuns int64, minSeconds float64, err error) {
	minRuns = 1
	trimmed := bytes.TrimSpace(input)
	if len(trimmed) == 0 || trimmed[0] != '{' {
		return minRuns, 0, nil
	}
	var f runFields
	if err := json.Unmarshal(trimmed, &f); err != nil {
		return 0, 0, fmt.Errorf("bad min_runs or min_seconds: %v", err)
	}
	if f.MinRuns != nil {
		if *f.MinRuns < 1 {
			return 0, 0, fmt.Errorf("min_runs must be at least 1, got %d", *f.MinRuns)
		}
		minRuns = *f.MinRuns
	}
	if f.MinSeconds != nil {
		if *f.MinSeconds < 0 || math.IsNaN(*f.MinSeconds) || math.IsInf(*f.MinSeconds, 0) {
			return 0, 0, fmt.Errorf("min_seconds must be a non-negative number, got %v", *f.MinSeconds)
		}
		minSeconds = *f.MinSeconds
	}
	return minRuns, minSeconds, nil
}

// secondsDuration converts min_seconds (non-negative, finite) to a
// Duration, saturating at the largest one.
func secondsDuration(sec float64) time.Duration {
	if sec >= float64(math.MaxInt64)/1e9 {
		return math.MaxInt64
	}
	return time.Duration(sec * 1e9)
}

func (s *server) evaluate(msg message) []byte {
	fail := func(format string, args ...any) []byte {
		reason := fmt.Sprintf(format, args...)
		fmt.Fprintf(s.log, "gradbench: evaluate %s %s.%s: %s\n", msg.ID, msg.Module, msg.Function, reason)
		return failure(msg.ID, reason)
	}
	mod, ok := s.modules[msg.Module]
	if !ok {
		return fail("no program for module %s", msg.Module)
	}
	prog, ok := s.defined[msg.Module]
	if !ok {
		return fail("module %s has not been defined", msg.Module)
	}
	fn, ok := mod.Functions[msg.Function]
	if !ok {
		return fail("module %s has no function %q", msg.Module, msg.Function)
	}
	if len(bytes.TrimSpace(msg.Input)) == 0 {
		return fail("missing input")
	}
	minRuns, minSeconds, err := repetition(msg.Input)
	if err != nil {
		return fail("input: %v", err)
	}
	t0 := time.Now()
	args, err := fn.Input(msg.Input)
	if err != nil {
		return fail("input: %v", err)
	}
	if s.opts.Inputs != "" {
		path, err := writeInputs(s.opts.Inputs, msg, fn.Entry, args)
		if err != nil {
			return fail("writing the input: %v", err)
		}
		fmt.Fprintf(s.log, "gradbench: evaluate %s %s.%s: arguments of %s written to %s\n", msg.ID, msg.Module, msg.Function, fn.Entry, path)
	}
	call, err := prepare(prog, fn.Entry, args)
	if err != nil {
		return fail("entry point %s: %v", fn.Entry, err)
	}
	timings := []timing{{"prepare", time.Since(t0).Nanoseconds()}}
	var total time.Duration
	if rc, ok := call.(RepeatedCall); ok {
		ds, err := rc.RunRepeated(minRuns, secondsDuration(minSeconds))
		if err != nil {
			return fail("entry point %s: %v", fn.Entry, err)
		}
		for _, d := range ds {
			timings = append(timings, timing{"evaluate", d.Nanoseconds()})
			total += d
		}
	}
	for runs := int64(len(timings) - 1); runs < minRuns || total.Seconds() < minSeconds; runs++ {
		start := time.Now()
		var err error
		var d time.Duration
		if st, ok := call.(SelfTimedCall); ok {
			d, err = st.RunTimed()
		} else {
			err = call.Run()
			d = time.Since(start)
		}
		if err != nil {
			return fail("entry point %s: %v", fn.Entry, err)
		}
		timings = append(timings, timing{"evaluate", d.Nanoseconds()})
		total += d
	}
	res, err := call.Results()
	if err != nil {
		return fail("entry point %s: %v", fn.Entry, err)
	}
	out, err := fn.Output(res)
	if err != nil {
		return fail("output of %s: %v", fn.Entry, err)
	}
	runs := len(timings) - 1
	fmt.Fprintf(s.log, "gradbench: evaluate %s %s.%s %s: %d runs, mean %v\n",
		msg.ID, msg.Module, msg.Function, msg.Desc, runs, total/time.Duration(runs))
	return success(msg.ID, out, timings)
}

// checkResults checks that an entry point returned n results.
func checkResults(res []values.Value, n int) error {
	if len(res) != n {
		return fmt.Errorf("expected %d results, got %d", n, len(res))
	}
	return nil
}

// writeInputs writes args (the arguments of entry point entry for msg)
// to a new file in dir, in the binary value format, and returns its
// path: <module>-<entry>-<description>.in, the description reduced to
// letters, digits, '.', '=' and ',' (the message id when there is none).
func writeInputs(dir string, msg message, entry string, args []values.Value) (string, error) {
	desc := msg.Desc
	if desc == "" {
		desc = strings.Trim(string(msg.ID), `"`)
	}
	clean := func(s string) string {
		return strings.Map(func(r rune) rune {
			switch {
			case r >= 'a' && r <= 'z', r >= 'A' && r <= 'Z', r >= '0' && r <= '9', r == '.', r == '=', r == ',':
				return r
			}
			return '_'
		}, s)
	}
	path := filepath.Join(dir, clean(msg.Module)+"-"+clean(entry)+"-"+clean(desc)+".in")
	f, err := os.Create(path)
	if err != nil {
		return "", err
	}
	w := bufio.NewWriter(f)
	for _, v := range args {
		if err := values.WriteBinary(w, v); err != nil {
			f.Close()
			return "", err
		}
	}
	if err := w.Flush(); err != nil {
		f.Close()
		return "", err
	}
	return path, f.Close()
}
