package pkgmgr

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// forge holds git repositories in a directory; package paths example.com/...
// are fetched from it (git's url.insteadOf, set in the environment).
type forge struct {
	t    *testing.T
	root string
}

func newForge(t *testing.T) *forge {
	t.Helper()
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git is not installed")
	}
	root := t.TempDir()
	t.Setenv("GIT_CONFIG_NOSYSTEM", "1")
	t.Setenv("GIT_CONFIG_GLOBAL", filepath.Join(root, "no-global-config"))
	t.Setenv("GIT_CONFIG_COUNT", "1")
	t.Setenv("GIT_CONFIG_KEY_0", "url."+root+"/.insteadOf")
	t.Setenv("GIT_CONFIG_VALUE_0", "https://")
	return &forge{t, root}
}

func (f *forge) git(dir string, args ...string) string {
	f.t.Helper()
	cmd := exec.Command("git", append([]string{"-c", "user.name=T", "-c", "user.email=t@example.com", "-c", "init.defaultBranch=main"}, args...)...)
	cmd.Dir = dir
	out, err := cmd.CombinedOutput()
	if err != nil {
		f.t.Fatalf("git %v: %v\n%s", args, err, out)
	}
	return strings.TrimSpace(string(out))
}

// commit writes files (name -> content; "" deletes) into the repository of
// pkgPath, creating it if needed, commits, tags the commit if tag is not
// "", and returns the commit hash.
func (f *forge) commit(pkgPath string, files map[string]string, tag string) string {
	f.t.Helper()
	dir := filepath.Join(f.root, pkgPath)
	if _, err := os.Stat(filepath.Join(dir, ".git")); err != nil {
		if err := os.MkdirAll(dir, 0o755); err != nil {
			f.t.Fatal(err)
		}
		f.git(dir, "init", "--quiet")
	}
	for name, content := range files {
		p := filepath.Join(dir, name)
		if content == "" {
			os.Remove(p)
			continue
		}
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			f.t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			f.t.Fatal(err)
		}
	}
	f.git(dir, "add", "-A")
	f.git(dir, "commit", "--quiet", "--allow-empty", "-m", "change")
	if tag != "" {
		f.git(dir, "tag", "-a", "-m", tag, tag) // annotated: ls-remote shows it peeled
	}
	return f.git(dir, "rev-parse", "HEAD")
}

// readLib lists the files under dir/lib with their contents.
func readLib(t *testing.T, dir string) map[string]string {
	t.Helper()
	files := map[string]string{}
	root := filepath.Join(dir, "lib")
	filepath.WalkDir(root, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, _ := os.ReadFile(p)
		rel, _ := filepath.Rel(root, p)
		files[filepath.ToSlash(rel)] = string(b)
		return nil
	})
	return files
}

func sameFiles(got, want map[string]string) bool {
	if len(got) != len(want) {
		return false
	}
	for k, v := range want {
		if got[k] != v {
			return false
		}
	}
	return true
}

func TestPackageLifecycle(t *testing.T) {
	f := newForge(t)
	bar1 := f.commit("example.com/a/bar", map[string]string{"lib/example.com/a/bar/bar.fut": "def bar = 1\n", "README": "bar"}, "v0.1.0")
	bar2 := f.commit("example.com/a/bar", map[string]string{"lib/example.com/a/bar/bar.fut": "def bar = 2\n"}, "v0.2.0")
	f.commit("example.com/a/bar", map[string]string{"lib/example.com/a/bar/bar.fut": "def bar = 3\n"}, "v0.3.0")
	f.commit("example.com/a/bar", map[string]string{"lib/example.com/a/bar/bar.fut": "def bar = 9\n"}, "v2.0.0") // needs bar@2
	foo1 := f.commit("example.com/a/foo", map[string]string{
		"futhark.pkg":                   "package example.com/a/foo\n\nrequire {\n  example.com/a/bar 0.1.0 #" + bar1 + "\n}\n",
		"lib/example.com/a/foo/foo.fut": "import \"../bar/bar\"\ndef foo = bar + 10\n",
	}, "v0.1.0")
	foo2 := f.commit("example.com/a/foo", map[string]string{
		"futhark.pkg":                   "package example.com/a/foo\n\nrequire {\n  example.com/a/bar 0.2.0 #" + bar2 + "\n}\n",
		"lib/example.com/a/foo/foo.fut": "import \"../bar/bar\"\ndef foo = bar + 20\n",
	}, "v0.2.0")

	p := Project{Dir: t.TempDir()}
	sync := func(want map[string]string) {
		t.Helper()
		if _, err := p.Sync(); err != nil {
			t.Fatal(err)
		}
		if got := readLib(t, p.Dir); !sameFiles(got, want) {
			t.Fatalf("lib/ holds %v, want %v", got, want)
		}
		for _, d := range []string{"lib~new", "lib~old"} {
			if _, err := os.Stat(filepath.Join(p.Dir, d)); err == nil {
				t.Errorf("%s left behind", d)
			}
		}
	}
	manifest := func() string {
		b, _ := os.ReadFile(filepath.Join(p.Dir, ManifestFile))
		return string(b)
	}

	// add at a given version records it with its commit; sync brings the
	// package and, through its manifest, bar 0.1.0.
	r, err := p.Add("example.com/a/foo", "0.1.0")
	if err != nil || r.Hash != foo1 {
		t.Fatalf("add foo 0.1.0: %+v %v", r, err)
	}
	if want := "require {\n  example.com/a/foo 0.1.0 #" + foo1 + "\n}\n"; manifest() != want {
		t.Fatalf("manifest %q, want %q", manifest(), want)
	}
	sync(map[string]string{"example.com/a/foo/foo.fut": "import \"../bar/bar\"\ndef foo = bar + 10\n", "example.com/a/bar/bar.fut": "def bar = 1\n"})

	// Requiring bar 0.2.0 directly selects it (the highest requirement).
	if _, err := p.Add("example.com/a/bar", "0.2.0"); err != nil {
		t.Fatal(err)
	}
	sync(map[string]string{"example.com/a/foo/foo.fut": "import \"../bar/bar\"\ndef foo = bar + 10\n", "example.com/a/bar/bar.fut": "def bar = 2\n"})

	// Without the direct requirement, foo's 0.1.0 is enough again.
	if err := p.Remove("example.com/a/bar"); err != nil {
		t.Fatal(err)
	}
	if err := p.Remove("example.com/a/bar"); err == nil || !strings.Contains(err.Error(), "does not require example.com/a/bar") {
		t.Errorf("removing twice: %v", err)
	}
	sync(map[string]string{"example.com/a/foo/foo.fut": "import \"../bar/bar\"\ndef foo = bar + 10\n", "example.com/a/bar/bar.fut": "def bar = 1\n"})

	// upgrade moves foo to its newest release, which needs bar 0.2.0.
	changes, err := p.Upgrade()
	if err != nil || len(changes) != 1 || changes[0] != "example.com/a/foo 0.1.0 => 0.2.0" {
		t.Fatalf("upgrade: %v %v", changes, err)
	}
	if !strings.Contains(manifest(), "example.com/a/foo 0.2.0 #"+foo2) {
		t.Errorf("manifest after upgrade: %s", manifest())
	}
	sync(map[string]string{"example.com/a/foo/foo.fut": "import \"../bar/bar\"\ndef foo = bar + 20\n", "example.com/a/bar/bar.fut": "def bar = 2\n"})
	if changes, err := p.Upgrade(); err != nil || len(changes) != 0 {
		t.Errorf("second upgrade: %v %v", changes, err)
	}

	// add without a version takes the newest release of the major version.
	if r, err := p.Add("example.com/a/bar", ""); err != nil || r.Version.String() != "0.3.0" {
		t.Errorf("add bar: %+v %v", r, err)
	}
	if r, err := p.Add("example.com/a/bar@2", ""); err != nil || r.Version.String() != "2.0.0" {
		t.Errorf("add bar@2: %+v %v", r, err)
	}
	if _, err := p.Add("example.com/a/bar", "0.9.0"); err == nil || !strings.Contains(err.Error(), "has no version 0.9.0 (versions: 0.1.0, 0.2.0, 0.3.0)") {
		t.Errorf("add a missing version: %v", err)
	}
	if _, err := p.Add("example.com/a/bar", "2.0.0"); err == nil || !strings.Contains(err.Error(), "does not belong") {
		t.Errorf("add a version of another major: %v", err)
	}
	if _, err := p.Add("example.com/a/nosuch", ""); err == nil || !strings.Contains(err.Error(), "example.com/a/nosuch") {
		t.Errorf("add a missing package: %v", err)
	}
	if vs, err := p.Versions("example.com/a/bar"); err != nil || len(vs) != 3 || vs[2].String() != "0.3.0" {
		t.Errorf("versions: %v %v", vs, err)
	}
}

func TestCommitVersions(t *testing.T) {
	f := newForge(t)
	first := f.commit("example.com/b/nover", map[string]string{"lib/example.com/b/nover/n.fut": "def n = 1\n"}, "")
	f.commit("example.com/b/nover", map[string]string{"lib/example.com/b/nover/n.fut": "def n = 2\n"}, "")
	p := Project{Dir: t.TempDir()}
	// No releases: the newest commit, as a commit version.
	r, err := p.Add("example.com/b/nover", "")
	if err != nil || r.Version.Commit() == "" || r.Version.Commit() != r.Hash {
		t.Fatalf("add: %+v %v", r, err)
	}
	if _, err := p.Sync(); err != nil {
		t.Fatal(err)
	}
	if got := readLib(t, p.Dir); got["example.com/b/nover/n.fut"] != "def n = 2\n" {
		t.Errorf("lib: %v", got)
	}
	// Pinned to a commit, by a prefix of its hash.
	r, err = p.Add("example.com/b/nover", first[:10])
	if err != nil || r.Hash != first || r.Version.Commit() != first {
		t.Fatalf("add at a commit: %+v %v", r, err)
	}
	if _, err := p.Sync(); err != nil {
		t.Fatal(err)
	}
	if got := readLib(t, p.Dir); got["example.com/b/nover/n.fut"] != "def n = 1\n" {
		t.Errorf("lib at the pinned commit: %v", got)
	}
	if _, err := p.Add("example.com/b/nover", "ffffffffff"); err == nil || !strings.Contains(err.Error(), "has no commit ffffffffff") {
		t.Errorf("add at a missing commit: %v", err)
	}
	if _, err := p.Add("example.com/b/nover", "latest"); err == nil || !strings.Contains(err.Error(), "neither a version") {
		t.Errorf("add with a bad version: %v", err)
	}
}

func TestSyncChecksAndKeeps(t *testing.T) {
	f := newForge(t)
	c := f.commit("example.com/c/pkg", map[string]string{"lib/example.com/c/pkg/p.fut": "def p = 1\n"}, "v1.0.0")
	f.commit("example.com/c/empty", map[string]string{"README": "no package directory"}, "v0.1.0")
	p := Project{Dir: t.TempDir()}
	write := func(name, content string) {
		path := filepath.Join(p.Dir, name)
		os.MkdirAll(filepath.Dir(path), 0o755)
		if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	// The project's own package directory stays; other files in lib/ go.
	write(ManifestFile, "package example.com/me/proj\n\nrequire {\n  example.com/c/pkg 1.0.0 #"+c+"\n}\n")
	write("lib/example.com/me/proj/mine.fut", "def mine = 0\n")
	write("lib/stale/old.fut", "def old = 0\n")
	if _, err := p.Sync(); err != nil {
		t.Fatal(err)
	}
	want := map[string]string{"example.com/me/proj/mine.fut": "def mine = 0\n", "example.com/c/pkg/p.fut": "def p = 1\n"}
	if got := readLib(t, p.Dir); !sameFiles(got, want) {
		t.Errorf("lib: %v, want %v", got, want)
	}
	// A release whose commit differs from the recorded one is refused,
	// and lib/ is left as it was.
	write(ManifestFile, "require {\n  example.com/c/pkg 1.0.0 #"+strings.Repeat("a", 40)+"\n}\n")
	if _, err := p.Sync(); err == nil || !strings.Contains(err.Error(), "the release was changed") {
		t.Errorf("sync with a wrong hash: %v", err)
	}
	if got := readLib(t, p.Dir); !sameFiles(got, want) {
		t.Errorf("a failed sync changed lib/: %v", got)
	}
	// A package without its lib/PATH directory.
	write(ManifestFile, "require {\n  example.com/c/empty 0.1.0\n}\n")
	if _, err := p.Sync(); err == nil || !strings.Contains(err.Error(), "has no package directory lib/example.com/c/empty") {
		t.Errorf("sync of a package without files: %v", err)
	}
	if _, err := os.Stat(filepath.Join(p.Dir, "lib~new")); err == nil {
		t.Error("a failed sync left lib~new")
	}
	// A malformed manifest is reported with its position.
	write(ManifestFile, "require {\n  example.com/c/pkg one\n}\n")
	if _, err := p.Sync(); err == nil || !strings.Contains(err.Error(), "futhark.pkg:2:") {
		t.Errorf("sync with a bad manifest: %v", err)
	}
}
