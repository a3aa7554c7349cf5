package gogen

import (
	"bytes"
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
