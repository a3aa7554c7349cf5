package pkgmgr

import (
	"fmt"
	"strconv"
	"strings"
	"time"
)

// Version is a semantic version X.Y.Z with an optional pre-release part
// (after "-") and build metadata (after "+"). A commit version, for a
// package without releases, is 0.0.0-YYYYMMDDhhmmss+COMMIT.
type Version struct {
	Major, Minor, Patch uint64
	Pre                 string // without the "-"
	Build               string // without the "+"
}

// ParseVersion reads a version; all three numbers must be given.
func ParseVersion(s string) (Version, error) {
	var v Version
	rest := s
	if i := strings.IndexByte(rest, '+'); i >= 0 {
		rest, v.Build = rest[:i], rest[i+1:]
		if !validIdents(v.Build, false) {
			return Version{}, fmt.Errorf("%q is not a version: bad build metadata %q", s, v.Build)
		}
	}
	if i := strings.IndexByte(rest, '-'); i >= 0 {
		rest, v.Pre = rest[:i], rest[i+1:]
		if !validIdents(v.Pre, true) {
			return Version{}, fmt.Errorf("%q is not a version: bad pre-release %q", s, v.Pre)
		}
	}
	parts := strings.Split(rest, ".")
	if len(parts) != 3 {
		return Version{}, fmt.Errorf("%q is not a version of the form X.Y.Z", s)
	}
	nums := make([]uint64, 3)
	for i, p := range parts {
		n, err := strconv.ParseUint(p, 10, 64)
		if err != nil || p == "" || len(p) > 1 && p[0] == '0' {
			return Version{}, fmt.Errorf("%q is not a version of the form X.Y.Z", s)
		}
		nums[i] = n
	}
	v.Major, v.Minor, v.Patch = nums[0], nums[1], nums[2]
	return v, nil
}

// validIdents checks dot-separated identifiers of [0-9A-Za-z-]; numeric
// identifiers of a pre-release have no leading zeros.
func validIdents(s string, pre bool) bool {
	if s == "" {
		return false
	}
	for _, id := range strings.Split(s, ".") {
		if id == "" {
			return false
		}
		numeric := true
		for _, c := range id {
			switch {
			case c >= '0' && c <= '9':
			case c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '-':
				numeric = false
			default:
				return false
			}
		}
		if pre && numeric && len(id) > 1 && id[0] == '0' {
			return false
		}
	}
	return true
}

func (v Version) String() string {
	s := fmt.Sprintf("%d.%d.%d", v.Major, v.Minor, v.Patch)
	if v.Pre != "" {
		s += "-" + v.Pre
	}
	if v.Build != "" {
		s += "+" + v.Build
	}
	return s
}

// Compare orders versions by semantic-version precedence (build metadata
// does not count): -1, 0 or +1.
func (v Version) Compare(w Version) int {
	for _, d := range [][2]uint64{{v.Major, w.Major}, {v.Minor, w.Minor}, {v.Patch, w.Patch}} {
		if d[0] != d[1] {
			if d[0] < d[1] {
				return -1
			}
			return 1
		}
	}
	switch {
	case v.Pre == w.Pre:
		return 0
	case v.Pre == "":
		return 1
	case w.Pre == "":
		return -1
	}
	a, b := strings.Split(v.Pre, "."), strings.Split(w.Pre, ".")
	for i := 0; i < len(a) && i < len(b); i++ {
		if c := compareIdent(a[i], b[i]); c != 0 {
			return c
		}
	}
	switch {
	case len(a) < len(b):
		return -1
	case len(a) > len(b):
		return 1
	}
	return 0
}

func compareIdent(a, b string) int {
	na, errA := strconv.ParseUint(a, 10, 64)
	nb, errB := strconv.ParseUint(b, 10, 64)
	switch {
	case errA == nil && errB == nil:
		switch {
		case na < nb:
			return -1
		case na > nb:
			return 1
		}
		return 0
	case errA == nil:
		return -1 // numeric identifiers come first
	case errB == nil:
		return 1
	}
	return strings.Compare(a, b)
}

// CommitVersion is the version of a commit of a package without
// releases: 0.0.0-TIME+COMMIT.
func CommitVersion(t time.Time, commit string) Version {
	return Version{Pre: t.UTC().Format("20060102150405"), Build: commit}
}

// Commit returns the commit a commit version names, or "".
func (v Version) Commit() string {
	if v.Major == 0 && v.Minor == 0 && v.Patch == 0 && v.Pre != "" && isHex(v.Build) {
		return v.Build
	}
	return ""
}

func isHex(s string) bool {
	if len(s) < 4 {
		return false
	}
	for _, c := range s {
		if !(c >= '0' && c <= '9' || c >= 'a' && c <= 'f') {
			return false
		}
	}
	return true
}
