package main

import (
	"os"
	"path/filepath"
	"regexp"
	"testing"

	"github.com/fluxion-lang/fluxion/rt"
)

// TestHugeSizesFailCleanly runs programs whose sizes are far beyond the
// memory budget on both backends: every one must stop with a run-time
// error naming the allocation and its position (exit 1), never a Go panic,
// an internal error or an out-of-memory crash.
func TestHugeSizesFailCleanly(t *testing.T) {
	t.Setenv(rt.BudgetEnv, "64MiB") // for the compiled programs
	rt.SetMemoryBudget(64 << 20)    // for the interpreter in this process
	defer rt.SetMemoryBudget(0)
	dir := t.TempDir()
	prog := filepath.Join(dir, "p.fut")
	src := `entry rows (xss: [][]f64) : []f64 = map f64.sum xss
entry total (xss: [][]f64) : f64 = f64.sum (map f64.sum xss)
entry doubling (xs: []f64) : []f64 = loop ys = xs for _i < 40 do ys ++ ys
entry sum (n: i64) : i64 = i64.sum (iota n)
entry zeros (n: i64) : []i32 = replicate n 0
entry column (xss: [][]i32) (i: i64) : []i32 = map (\xs -> xs[i]) xss
`
	if err := os.WriteFile(prog, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	// [2^40][0]f64 in the binary format: 23 bytes.
	binHeader := "b\x02\x02 f64\x00\x00\x00\x00\x00\x01\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00"
	tooLarge := func(line string) string {
		return `^Error: .*p\.fut:` + line + `:\d+: Cannot allocate an array of shape \[\d+\]: it would take more than the memory budget of 64 MiB \(see FLUXION_MEMORY_BUDGET\)\.\n$`
	}
	tests := []struct {
		name, entry, stdin string
		code               int
		stdout, stderr     string // stdout exact, stderr a regexp
	}{
		{"rows of an empty array with a huge outer size", "rows", "empty([4611686018427387904][0]f64)", 1, "", tooLarge("1")},
		{"binary header of 2^40 empty rows", "total", binHeader, 1, "", tooLarge("2")},
		{"doubling an array 40 times", "doubling", "[1.0, 2.0]", 1, "", tooLarge("3")},
		{"sum of iota 2^62", "sum", "4611686018427387904i64", 1, "", tooLarge("4")},
		{"replicate 2^62", "zeros", "4611686018427387904i64", 1, "", tooLarge("5")},
		{"huge binary array beyond the budget", "rows", "b\x02\x02 f64\x00\x00\x00\x00\x00\x01\x00\x00\x00\x00\x00\x00\x00\x01\x00\x00", 2,
			"", `argument 1 of rows .*shape \[1099511627776\]\[1099511627776\]f64 is larger than the memory budget of 64 MiB`},
		{"an entry whose size only a type mentions", "column", "[[1, 2], [3, 4]] 1", 0, "[2i32, 4i32]\n", ""},
	}
	for _, tc := range tests {
		for _, backend := range []string{"--interp", "go"} {
			t.Run(tc.name+"/"+backend, func(t *testing.T) {
				args := []string{"run", "-e", tc.entry, prog}
				if backend == "--interp" {
					args = append([]string{"run", backend}, args[1:]...)
				} else if testing.Short() {
					t.Skip("builds a Go program")
				}
				code, stdout, stderr := runArgs(t, tc.stdin, args...)
				if code != tc.code || stdout != tc.stdout {
					t.Errorf("exit %d, stdout %q; want %d, %q (stderr %q)", code, stdout, tc.code, tc.stdout, stderr)
				}
				if tc.stderr == "" && stderr != "" || !regexp.MustCompile(tc.stderr).MatchString(stderr) {
					t.Errorf("stderr %q does not match %q", stderr, tc.stderr)
				}
			})
		}
	}
}
