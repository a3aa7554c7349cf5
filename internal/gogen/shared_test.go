package gogen

import (
	"bytes"
	"go/build"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
)

// TestSharedRuntimeUpToDate checks that rt/rtimpl is what SharedRuntime
// derives from rt's sources (go generate ./rt/rtimpl rewrites it).
func TestSharedRuntimeUpToDate(t *testing.T) {
	files, err := SharedRuntime()
	if err != nil {
		t.Fatal(err)
	}
	dir := filepath.Join("..", "..", "rt", "rtimpl")
	have, err := filepath.Glob(filepath.Join(dir, "*.go"))
	if err != nil {
		t.Fatal(err)
	}
	var want, got []string
	for name := range files {
		want = append(want, name)
	}
	for _, p := range have {
		got = append(got, filepath.Base(p))
	}
	sort.Strings(want)
	sort.Strings(got)
	if strings.Join(got, " ") != strings.Join(want, " ") {
		t.Fatalf("rt/rtimpl has %v, want %v: run go generate ./rt/rtimpl", got, want)
	}
	for name, src := range files {
		b, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil || !bytes.Equal(b, src) {
			t.Errorf("rt/rtimpl/%s is not what rt's sources give: run go generate ./rt/rtimpl (%v)", name, err)
		}
	}
}

// TestSharedRuntimeNames checks the renaming on the names it must handle:
// helpers and the members of unexported types are exported, the API is
// left to package rt, and a local name that shadows a helper stays local.
func TestSharedRuntimeNames(t *testing.T) {
	files, err := SharedRuntime()
	if err != nil {
		t.Fatal(err)
	}
	all := ""
	for _, src := range files {
		all += string(src)
	}
	for _, want := range []string{
		"func Fail(pos, msg string)",
		"panic(&rt.Error{Pos: pos, Msg: msg})",
		"type Acc[T any] struct {\n\tArr rt.Array[T]",
		"func (a *Acc[T]) Upd(idx []int64, v T)",
		"func Row[T any](a rt.Array[T], k int, off int64) rt.Array[T]",
		"row := src[i*cols+j0 : i*cols+j1]", // a local variable called row
		"// Fail aborts",
	} {
		if !strings.Contains(all, want) {
			t.Errorf("rtimpl lacks %q", want)
		}
	}
	for _, bad := range []string{"type Array", "func NewArray[", "func ReadBinary(", "type EntryPoint", "func fail(", "Sources"} {
		if strings.Contains(all, bad) {
			t.Errorf("rtimpl has %q", bad)
		}
	}
}

// TestRuntimeBuildConstraints checks that the runtime's files for one
// operating system keep their build constraints in both forms of the
// runtime a generated package can use (its own copy, and rtimpl): on
// every system exactly one file declares each per-system helper.
func TestRuntimeBuildConstraints(t *testing.T) {
	prog := compileCase(t, &diffCase{name: "inc", src: "entry main (x: i64) : i64 = x + 1"})
	own, err := Generate(prog, "p")
	if err != nil {
		t.Fatal(err)
	}
	shared, err := SharedRuntime()
	if err != nil {
		t.Fatal(err)
	}
	for form, files := range map[string]map[string][]byte{"generated package": own, "rtimpl": shared} {
		dir := t.TempDir()
		for name, src := range files {
			if err := os.WriteFile(filepath.Join(dir, name), src, 0o644); err != nil {
				t.Fatal(err)
			}
		}
		for _, goos := range []string{"linux", "darwin", "windows", "js"} {
			ctx := build.Default
			ctx.GOOS, ctx.GOARCH = goos, "amd64"
			if goos == "js" {
				ctx.GOARCH = "wasm"
			}
			n := 0
			for name, src := range files {
				ok, err := ctx.MatchFile(dir, name)
				if err != nil {
					t.Fatal(err)
				}
				if ok && (bytes.Contains(src, []byte("func adviseHuge(")) || bytes.Contains(src, []byte("func AdviseHuge("))) {
					n++
				}
			}
			if n != 1 {
				t.Errorf("%s on %s: %d files declare adviseHuge, want 1", form, goos, n)
			}
		}
	}
}
