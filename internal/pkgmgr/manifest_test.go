package pkgmgr

import (
	"strings"
	"testing"
	"time"
)

func TestParseVersion(t *testing.T) {
	good := []string{"0.1.0", "1.2.3", "10.20.30", "1.0.0-alpha.1", "0.0.0-20240102030405+abcdef0123", "1.0.0+build.7"}
	for _, s := range good {
		v, err := ParseVersion(s)
		if err != nil || v.String() != s {
			t.Errorf("ParseVersion(%q) = %v, %v", s, v, err)
		}
	}
	bad := []string{"", "1", "1.0", "v1.0.0", "1.0.0.0", "01.0.0", "1.0.0-", "1.0.0-01", "1.0.0+", "1.0.0-a..b", "-1.0.0", "1.0.x", "1.0.0-é"}
	for _, s := range bad {
		if v, err := ParseVersion(s); err == nil {
			t.Errorf("ParseVersion(%q) = %v, want an error", s, v)
		}
	}
}

func TestVersionOrder(t *testing.T) {
	// In increasing precedence (semver.org's example, plus commit versions).
	order := []string{
		"0.0.0-20200101000000+aaaa", "0.0.0-20210101000000+0000", "0.1.0", "0.9.0", "0.10.0",
		"1.0.0-alpha", "1.0.0-alpha.1", "1.0.0-alpha.beta", "1.0.0-beta", "1.0.0-beta.2", "1.0.0-beta.11", "1.0.0-rc.1", "1.0.0", "2.0.0",
	}
	for i := range order {
		for j := range order {
			a, _ := ParseVersion(order[i])
			b, _ := ParseVersion(order[j])
			want := 0
			if i < j {
				want = -1
			} else if i > j {
				want = 1
			}
			if got := a.Compare(b); got != want {
				t.Errorf("Compare(%s, %s) = %d, want %d", a, b, got, want)
			}
		}
	}
	a, _ := ParseVersion("1.0.0+x")
	b, _ := ParseVersion("1.0.0+y")
	if a.Compare(b) != 0 {
		t.Error("build metadata takes part in the order")
	}
	cv := CommitVersion(time.Date(2024, 1, 2, 3, 4, 5, 0, time.UTC), "0123abcd")
	if cv.String() != "0.0.0-20240102030405+0123abcd" || cv.Commit() != "0123abcd" {
		t.Errorf("CommitVersion = %s, commit %q", cv, cv.Commit())
	}
	if v, _ := ParseVersion("1.2.3"); v.Commit() != "" {
		t.Errorf("a release names commit %q", v.Commit())
	}
}

func TestCheckPath(t *testing.T) {
	for _, p := range []string{"github.com/user/repo", "gitlab.com/a/b/c", "example.com/x@2", "host/x.y-z_~"} {
		if err := CheckPath(p); err != nil {
			t.Errorf("CheckPath(%q): %v", p, err)
		}
	}
	for _, p := range []string{"", "repo", "/abs/path", "a//b", "a/../b", "a/./b", "a/b/", "a/b@0", "a/b@1x", "a b/c", "https://github.com/a/b", "a/b@2/c"} {
		if err := CheckPath(p); err == nil {
			t.Errorf("CheckPath(%q) accepted it", p)
		}
	}
}

const manifestWithComments = `-- My program.
package github.com/me/prog -- its path

-- What it needs:
require {
  -- Basics.
  github.com/diku-dk/sorts 0.4.1 #0123456789abcdef0123456789abcdef01234567
  github.com/diku-dk/linalg@2 2.1.0 -- the new API
  example.com/x 0.0.0-20240102030405+0123abcd #0123abcd
  -- (nothing else yet)
} -- end
-- trailing
`

func TestManifestRoundTrip(t *testing.T) {
	m, err := ParseManifest("futhark.pkg", []byte(manifestWithComments))
	if err != nil {
		t.Fatal(err)
	}
	if m.Package != "github.com/me/prog" || len(m.Requires) != 3 || m.Requires[1].Path != "github.com/diku-dk/linalg@2" ||
		m.Requires[1].Hash != "" || m.Requires[0].Version.String() != "0.4.1" || m.Requires[2].Version.Commit() != "0123abcd" {
		t.Fatalf("parsed %+v", m)
	}
	if got := string(m.Format()); got != manifestWithComments {
		t.Errorf("Format changed the canonical manifest:\n%s", got)
	}
	messy := "package   a.b/c\n\n\nrequire{\n   a.b/d    1.0.0   #abcdef12   \n\n}\n"
	m, err = ParseManifest("futhark.pkg", []byte(messy))
	if err != nil {
		t.Fatal(err)
	}
	want := "package a.b/c\n\nrequire {\n  a.b/d 1.0.0 #abcdef12\n}\n"
	if got := string(m.Format()); got != want {
		t.Errorf("Format = %q, want %q", got, want)
	}
	if got := string((&Manifest{}).Format()); got != "require {\n}\n" {
		t.Errorf("empty manifest formats as %q", got)
	}
}

func TestManifestErrors(t *testing.T) {
	tests := []struct{ src, want string }{
		{"package a/b\npackage a/c\n", "2: a second package line"},
		{"require {\n}\npackage a/b\n", "3: unexpected"},
		{"package\n", "1: expected `package PATH`"},
		{"package ../x\n", "not a package path"},
		{"require\n", "1: expected `{` after require"},
		{"require { a/b 1.0.0 }\n", "on a line of its own"},
		{"require {\n  a/b\n}\n", "2: expected `PATH X.Y.Z #COMMIT`"},
		{"require {\n  a/b 1.0\n}\n", "2: \"1.0\" is not a version"},
		{"require {\n  a/b 2.0.0\n}\n", "does not belong to a/b"},
		{"require {\n  a/b@2 1.0.0\n}\n", "does not belong to a/b@2"},
		{"require {\n  a/b 1.0.0 abc\n}\n", "expected a commit hash"},
		{"require {\n  a/b 1.0.0\n  a/b 1.1.0\n}\n", "3: a/b is required twice"},
		{"require {\n  a/b 1.0.0\n", "missing `}`"},
		{"frobnicate\n", "1: expected `package PATH` or `require {`"},
	}
	for _, tt := range tests {
		_, err := ParseManifest("f.pkg", []byte(tt.src))
		if err == nil || !strings.Contains(err.Error(), tt.want) || !strings.HasPrefix(err.Error(), "f.pkg:") {
			t.Errorf("ParseManifest(%q) = %v, want an error containing %q", tt.src, err, tt.want)
		}
	}
}

// FuzzManifest: any input parses to a manifest whose canonical form parses
// to the same canonical form, or gives a positioned error.
func FuzzManifest(f *testing.F) {
	f.Add(manifestWithComments)
	f.Add("require {\n}\n")
	f.Add("package a/b\n")
	f.Add("-- only a comment")
	f.Add("require {\n  a/b 0.0.0-1+abcd #abcd -- x\n}")
	f.Fuzz(func(t *testing.T, src string) {
		m, err := ParseManifest("f.pkg", []byte(src))
		if err != nil {
			if !strings.HasPrefix(err.Error(), "f.pkg:") {
				t.Fatalf("error without a position: %v", err)
			}
			return
		}
		out := m.Format()
		m2, err := ParseManifest("f.pkg", out)
		if err != nil {
			t.Fatalf("the canonical form of %q does not parse: %v\n%s", src, err, out)
		}
		if out2 := m2.Format(); string(out2) != string(out) {
			t.Fatalf("formatting is not idempotent:\n%s\n---\n%s", out, out2)
		}
	})
}
