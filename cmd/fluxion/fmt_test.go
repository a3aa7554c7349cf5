package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestFmtCommand(t *testing.T) {
	messy := "-- |   Doc comment.\n\n\n" +
		"def   f (x: i32)   =   x+1   --  trailing\n" +
		"def g (xs: []i32) =\n" +
		"\t\tlet ys = map f xs\n" +
		"\t\tin (ys[0],xs [1],)\n\n\n\n" +
		"-- ==\n-- input { 1 } output { 2 }\n" +
		"entry main (x: i32) = f x    \n\n"
	want := "-- |   Doc comment.\n\n" +
		"def f (x: i32) = x+1 --  trailing\n" +
		"def g (xs: []i32) =\n" +
		"  let ys = map f xs\n" +
		"  in (ys[0], xs [1],)\n\n" +
		"-- ==\n-- input { 1 } output { 2 }\n" +
		"entry main (x: i32) = f x\n"
	code, out, stderr := runArgs(t, messy, "fmt")
	if code != 0 || out != want {
		t.Fatalf("fmt of stdin: exit %d, stderr %q:\n%s\nwant:\n%s", code, stderr, out, want)
	}
	if code, again, _ := runArgs(t, out, "fmt"); code != 0 || again != out {
		t.Errorf("formatting is not idempotent:\n%s", again)
	}
	dir := t.TempDir()
	messyPath, tidyPath := filepath.Join(dir, "a.fut"), filepath.Join(dir, "sub", "b.fut")
	os.MkdirAll(filepath.Dir(tidyPath), 0o755)
	os.WriteFile(messyPath, []byte(messy), 0o644)
	os.WriteFile(tidyPath, []byte(want), 0o644)
	if code, out, _ := runArgs(t, "", "fmt", "--check", dir); code != 1 || out != messyPath+"\n" {
		t.Errorf("fmt --check: exit %d, %q", code, out)
	}
	if b, _ := os.ReadFile(messyPath); string(b) != messy {
		t.Error("fmt --check changed a file")
	}
	if code, _, stderr := runArgs(t, "", "fmt", dir); code != 0 {
		t.Fatalf("fmt: exit %d: %s", code, stderr)
	}
	if b, _ := os.ReadFile(messyPath); string(b) != want {
		t.Errorf("fmt wrote:\n%s", b)
	}
	if code, out, _ := runArgs(t, "", "fmt", "--check", dir); code != 0 || out != "" {
		t.Errorf("fmt --check after fmt: exit %d, %q", code, out)
	}
	// A program that does not parse is left alone, with the error.
	bad := filepath.Join(dir, "bad.fut")
	os.WriteFile(bad, []byte("def f = (1\n"), 0o644)
	if code, _, stderr := runArgs(t, "", "fmt", bad); code != 1 || !strings.Contains(stderr, "bad.fut:") {
		t.Errorf("fmt of a bad program: exit %d, %q", code, stderr)
	}
	if code, _, _ := runArgs(t, "", "fmt", filepath.Join(dir, "nosuch.fut")); code != 2 {
		t.Errorf("fmt of a missing file: exit %d", code)
	}
}
