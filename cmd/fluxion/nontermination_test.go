//go:build unix

package main

import (
	"os"
	"path/filepath"
	"testing"
	"time"
)

// TestLoopRunsUntilStopped checks that a loop that never ends runs until
// it is stopped on both backends, instead of being simplified away into
// its initial value. The command runs in a process group of its own (the
// compiled program is a child process) and the whole group is killed.
func TestLoopRunsUntilStopped(t *testing.T) {
	dir := t.TempDir()
	prog := filepath.Join(dir, "p.fut")
	src := "entry main (x: i32) : i32 = loop x while true do x\nentry ok (x: i32) : i32 = x\n"
	if err := os.WriteFile(prog, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, backend := range []string{"--interp", "go"} {
		t.Run(backend, func(t *testing.T) {
			args := []string{"run", "-e", "main", prog}
			if backend == "--interp" {
				args = append([]string{"run", "--interp"}, args[1:]...)
			} else {
				if testing.Short() {
					t.Skip("builds a Go program")
				}
				// Build the program first, so that the timed run below
				// spends its time in the loop, not in the Go toolchain.
				if code, _, stderr := runArgs(t, "1", "run", "-e", "ok", prog); code != 0 {
					t.Fatalf("ok: exit %d: %s", code, stderr)
				}
			}
			if _, stdout, stderr, done := cliProcess(t, "1", 2*time.Second, nil, args...); done {
				t.Errorf("the loop stopped by itself: stdout %q, stderr %q", stdout, stderr)
			}
		})
	}
}
