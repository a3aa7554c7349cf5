package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestPkgCommand fetches a package from a local git repository (package
// paths example.com/... are redirected to it with git's url.insteadOf),
// syncs lib/ and runs a program that imports it.
func TestPkgCommand(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git is not installed")
	}
	forge := t.TempDir()
	t.Setenv("GIT_CONFIG_NOSYSTEM", "1")
	t.Setenv("GIT_CONFIG_GLOBAL", filepath.Join(forge, "none"))
	t.Setenv("GIT_CONFIG_COUNT", "1")
	t.Setenv("GIT_CONFIG_KEY_0", "url."+forge+"/.insteadOf")
	t.Setenv("GIT_CONFIG_VALUE_0", "https://")
	repo := filepath.Join(forge, "example.com/me/sq")
	git := func(args ...string) {
		t.Helper()
		cmd := exec.Command("git", append([]string{"-c", "user.name=T", "-c", "user.email=t@example.com"}, args...)...)
		cmd.Dir = repo
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
	}
	for i, body := range []string{"x * x", "x * x * x"} {
		src := filepath.Join(repo, "lib/example.com/me/sq/sq.fut")
		if err := os.MkdirAll(filepath.Dir(src), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(src, []byte("def sq (x: i32) = "+body+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		if i == 0 {
			git("init", "--quiet")
		}
		git("add", "-A")
		git("commit", "--quiet", "-m", "v")
		git("tag", []string{"v1.0.0", "v1.1.0"}[i])
	}
	proj := t.TempDir()
	t.Chdir(proj)
	if err := os.WriteFile("main.fut", []byte("import \"lib/example.com/me/sq/sq\"\nentry main (x: i32) = sq x\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	steps := []struct {
		args   []string
		code   int
		stdout string // substring
	}{
		{[]string{"pkg", "add", "example.com/me/sq", "1.0.0"}, 0, "Now requiring example.com/me/sq 1.0.0"},
		{[]string{"pkg", "sync"}, 0, "lib/example.com/me/sq: 1.0.0"},
		{[]string{"run", "--interp", "main.fut"}, 0, "9i32"},
		{[]string{"pkg", "upgrade"}, 0, "Upgraded example.com/me/sq 1.0.0 => 1.1.0."},
		{[]string{"pkg", "sync"}, 0, "lib/example.com/me/sq: 1.1.0"},
		{[]string{"run", "--interp", "main.fut"}, 0, "27i32"},
		{[]string{"pkg", "versions", "example.com/me/sq"}, 0, "1.0.0\n1.1.0\n"},
		{[]string{"pkg", "remove", "example.com/me/sq"}, 0, "Removed example.com/me/sq"},
		{[]string{"pkg", "sync"}, 0, ""},
		{[]string{"run", "--interp", "main.fut"}, 1, ""},
		{[]string{"pkg", "add", "example.com/me/sq", "3.0.0"}, 1, ""},
		{[]string{"pkg", "add", "../escape"}, 2, ""},
		{[]string{"pkg", "frob"}, 2, ""},
		{[]string{"pkg", "sync", "extra"}, 2, ""},
	}
	for _, s := range steps {
		code, stdout, stderr := runArgs(t, "3", s.args...)
		if code != s.code || !strings.Contains(stdout, s.stdout) {
			t.Fatalf("%v: exit %d, stdout %q, stderr %q; want exit %d and %q", s.args, code, stdout, stderr, s.code, s.stdout)
		}
	}
	if _, err := os.Stat("lib/example.com"); err == nil {
		t.Error("sync after remove left the package in lib/")
	}
}
