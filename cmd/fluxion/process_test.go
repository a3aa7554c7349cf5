//go:build unix

package main

import (
	"os"
	"os/exec"
	"strings"
	"syscall"
	"testing"
	"time"
)

// cliProcess runs this test binary as the fluxion command (see TestMain)
// in a process group of its own, with stdin and the extra environment env,
// and waits at most limit. On time-out the whole group, the compiled
// program's process included, is killed and done is false; nothing the
// command started outlives the call.
func cliProcess(t *testing.T, stdin string, limit time.Duration, env []string, args ...string) (code int, stdout, stderr string, done bool) {
	t.Helper()
	cmd := exec.Command(os.Args[0], args...)
	cmd.Env = append(append(os.Environ(), "FLUXION_TEST_AS_CLI=1"), env...)
	cmd.Stdin = strings.NewReader(stdin)
	var out, errb strings.Builder
	cmd.Stdout, cmd.Stderr = &out, &errb
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	waited := make(chan struct{})
	go func() {
		cmd.Wait()
		close(waited)
	}()
	select {
	case <-waited:
		done = true
	case <-time.After(limit):
	}
	syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
	<-waited
	return cmd.ProcessState.ExitCode(), out.String(), errb.String(), done
}
