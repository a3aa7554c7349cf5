package gobuild

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"os/exec"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/fluxion-lang/fluxion/internal/values"
)

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
	files  []string // the program's source file names (positions.go)

	closeOnce sync.Once
	closeErr  error
}

// Start starts the executable's server.
func (e *Exe) Start() (*Process, error) {
	var args []string
	if e.key != "" {
		args = []string{e.key}
	}
	p := &Process{cmd: exec.Command(e.Path, args...), files: e.files}
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

// Close ends the process. A request still running (one a caller gave up
// waiting for) does not hold it up: the process is killed if it has not
// exited a second after its input closed.
func (p *Process) Close() error {
	p.closeOnce.Do(func() {
		p.stdin.Close()
		done := make(chan error, 1)
		go func() { done <- p.cmd.Wait() }()
		select {
		case p.closeErr = <-done:
		case <-time.After(time.Second):
			p.cmd.Process.Kill()
			<-done
		}
	})
	return p.closeErr
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

// Repeat runs the loaded entry back to back in the process, at least
// minRuns times and until the runs took minTotal in all, and returns the
// time of each run.
func (p *Process) Repeat(minRuns int64, minTotal time.Duration) ([]time.Duration, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	_, ns, err := p.request(fmt.Sprintf("repeat %d %d\n", minRuns, max(minTotal.Nanoseconds(), 0)), nil)
	if err != nil {
		return nil, err
	}
	if int64(len(ns)) < minRuns {
		return nil, errors.New("internal error: malformed reply to repeat")
	}
	return durations(ns), nil
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
		text := restoreFiles(string(msg), p.files)
		if f[1] == "run" {
			return nil, nil, &RunError{text}
		}
		return nil, nil, &InputError{text}
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
