//go:build unix

package main

import (
	"os"
	"path/filepath"
	"regexp"
	"testing"
	"time"

	"github.com/fluxion-lang/fluxion/rt"
)

// TestHugeSizesFailCleanly runs programs that must allocate arrays far
// beyond the memory budget on both backends: every one must stop with a
// run-time error naming the allocation and its position (exit 1), never a
// Go panic, an internal error or an out-of-memory crash. (Arrays the Go
// backend never stores, such as an iota only summed or a map fused into
// the reduce after it, allocate nothing there: those programs compute, for
// as long as their sizes take.) Each run is a process of its own with a
// deadline, so a regression cannot leave a program running.
func TestHugeSizesFailCleanly(t *testing.T) {
	budget := []string{rt.BudgetEnv + "=64MiB"}
	dir := t.TempDir()
	prog := filepath.Join(dir, "p.fut")
	src := `entry rows (xss: [][]f64) : []f64 = map f64.sum xss
entry doubling (xs: []f64) : []f64 = loop ys = xs for _i < 40 do ys ++ ys
entry indices (n: i64) : []i64 = iota n
entry zeros (n: i64) : []i32 = replicate n 0
entry column (xss: [][]i32) (i: i64) : []i32 = map (\xs -> xs[i]) xss
`
	if err := os.WriteFile(prog, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	tooLarge := func(line string) string {
		return `^Error: Cannot allocate an array of shape \[\d+\]: it would take more than the memory budget of 64 MiB \(see FLUXION_MEMORY_BUDGET\)\. \(at .*p\.fut:` + line + `:\d+\)\n$`
	}
	tests := []struct {
		name, entry, stdin string
		code               int
		stdout, stderr     string // stdout exact, stderr a regexp
	}{
		{"rows of an empty array with a huge outer size", "rows", "empty([4611686018427387904][0]f64)", 1, "", tooLarge("1")},
		// [2^40][0]f64 in the binary format: 23 bytes.
		{"binary header of 2^40 empty rows", "rows", "b\x02\x02 f64\x00\x00\x00\x00\x00\x01\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00", 1, "", tooLarge("1")},
		{"doubling an array 40 times", "doubling", "[1.0, 2.0]", 1, "", tooLarge("2")},
		{"iota 2^62", "indices", "4611686018427387904i64", 1, "", tooLarge("3")},
		{"replicate 2^62", "zeros", "4611686018427387904i64", 1, "", tooLarge("4")},
		{"binary array beyond the budget", "rows", "b\x02\x02 f64\x00\x00\x00\x00\x00\x01\x00\x00\x00\x00\x00\x00\x00\x01\x00\x00", 2,
			"", `argument 1 of rows .*shape \[1099511627776\]\[1099511627776\]f64 is larger than the memory budget of 64 MiB`},
		{"an entry whose size only a type mentions", "column", "[[1, 2], [3, 4]] 1", 0, "[2i32, 4i32]\n", ""},
	}
	for _, backend := range []string{"--interp", "go"} {
		t.Run(backend, func(t *testing.T) {
			if backend == "go" {
				if testing.Short() {
					t.Skip("builds a Go program")
				}
				// Build first, so that the runs below have only their
				// own work to do before the deadline.
				if code, _, stderr := runArgs(t, "[[1]] 0", "run", "-e", "column", prog); code != 0 {
					t.Fatalf("column: exit %d: %s", code, stderr)
				}
			}
			for _, tc := range tests {
				args := []string{"run", "-e", tc.entry, prog}
				if backend == "--interp" {
					args = append([]string{"run", backend}, args[1:]...)
				}
				code, stdout, stderr, done := cliProcess(t, tc.stdin, 2*time.Minute, budget, args...)
				switch {
				case !done:
					t.Errorf("%s: did not finish within the deadline", tc.name)
				case code != tc.code || stdout != tc.stdout:
					t.Errorf("%s: exit %d, stdout %q; want %d, %q (stderr %q)", tc.name, code, stdout, tc.code, tc.stdout, stderr)
				case tc.stderr == "" && stderr != "" || !regexp.MustCompile(tc.stderr).MatchString(stderr):
					t.Errorf("%s: stderr %q does not match %q", tc.name, stderr, tc.stderr)
				}
			}
		})
	}
}
