package gogen

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/fluxion-lang/fluxion/internal/interp"
	"github.com/fluxion-lang/fluxion/internal/pipeline"
	"github.com/fluxion-lang/fluxion/internal/values"
)

// TestDriver builds a program with Driver's main package and runs it the
// way `fluxion run` would: binary values in, binary values out, compared
// with the interpreter; run-time errors exit with status 1.
func TestDriver(t *testing.T) {
	if testing.Short() {
		t.Skip("builds generated packages; skipped in -short mode")
	}
	src := `entry main (xs: []f32) (b: bool) (h: f16) (m: [][]i8) = (map (* 2) xs, !b, h, transpose m, 7u64)
entry fails (x: i32) = 10 / x`
	p, err := pipeline.CompileSource("t.fut", []byte(src), nil, pipeline.Options{Verify: true})
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	files, err := Generate(p, "prog")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Join(dir, "prog"), 0o755); err != nil {
		t.Fatal(err)
	}
	for name, b := range files {
		if err := os.WriteFile(filepath.Join(dir, "prog", name), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	main, err := Driver("drivertest/prog")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "main.go"), main, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "go.mod"), []byte("module drivertest\n\ngo 1.26\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	bin := filepath.Join(dir, "prog.bin")
	build := exec.Command("go", "build", "-o", bin, ".")
	build.Dir = dir
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	ip, err := interp.Compile(p)
	if err != nil {
		t.Fatal(err)
	}
	run := func(entry, args string) (stdout []byte, stderr string, code int, want []values.Value, wantErr error) {
		vals, err := values.ParseText(args)
		if err != nil {
			t.Fatal(err)
		}
		var in bytes.Buffer
		for _, v := range vals {
			if err := values.WriteBinary(&in, v); err != nil {
				t.Fatal(err)
			}
		}
		want, ierr := ip.RunValues(entry, vals)
		cmd := exec.Command(bin, entry)
		cmd.Stdin = &in
		var out, errb bytes.Buffer
		cmd.Stdout, cmd.Stderr = &out, &errb
		err = cmd.Run()
		code = 0
		if ee, ok := err.(*exec.ExitError); ok {
			code = ee.ExitCode()
		} else if err != nil {
			t.Fatal(err)
		}
		return out.Bytes(), errb.String(), code, want, ierr
	}
	out, stderr, code, want, _ := run("main", "[1.5f32, -2f32] true 1.25f16 [[1i8, 2i8, 3i8], [4i8, 5i8, 6i8]]")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	got, err := values.ReadAll(bytes.NewReader(out))
	if err != nil {
		t.Fatalf("reading results: %v", err)
	}
	if len(got) != len(want) {
		t.Fatalf("got %d results, want %d", len(got), len(want))
	}
	for i := range got {
		if got[i].String() != want[i].String() {
			t.Errorf("result %d = %s, want %s", i, got[i], want[i])
		}
	}
	_, stderr, code, _, ierr := run("fails", "0")
	if code != 1 || ierr == nil || strings.TrimSpace(stderr) != ierr.Error() {
		t.Errorf("division by zero: exit %d, stderr %q, want exit 1 and %v", code, stderr, ierr)
	}
	_, _, code, _, _ = run("fails", "1i64")
	if code != 2 {
		t.Errorf("an argument of the wrong type gave exit %d, want 2", code)
	}
}
