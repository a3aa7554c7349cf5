// Package pkgmgr manages a program's dependencies on packages of the
// language: the futhark.pkg manifest (its format and semantics are those of
// the reference's package manager), the versions of packages in git
// repositories, and the lib/ directory that holds the selected versions.
//
// A package path such as github.com/user/repo names a git repository,
// fetched from https://github.com/user/repo; git's url.BASE.insteadOf
// configuration can redirect it (to a mirror or a local directory). A
// release is a tag vX.Y.Z; a path ending in @N (N > 1) is major version N
// of the package, a package of its own. Requirements name the oldest
// acceptable version; Sync selects, for every package in the transitive
// requirements, the oldest version that satisfies them all (minimal
// version selection) and copies each package's directory lib/PATH of that
// version into lib/PATH.
package pkgmgr

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
)

// ManifestFile is the name of the manifest in a program's directory and at
// the root of a package's repository.
const ManifestFile = "futhark.pkg"

// Manifest is a parsed futhark.pkg. Comments (lines or line ends starting
// with "--") are kept with the item that follows them or that they end.
type Manifest struct {
	// Package is the package path the directory defines, "" if none.
	Package      string
	PackageNotes Notes
	RequireNotes Notes // comments before "require {"
	Requires     []*Require
	EndNotes     Notes    // comments before "}" and at the end of its line
	Trailing     []string // comment lines after the require block
}

// Notes are the comments around one item of a manifest.
type Notes struct {
	Before []string // whole-line comments before the item
	After  string   // a comment at the end of the item's line
}

// Require is one required package: the oldest acceptable version, and the
// commit that version must be.
type Require struct {
	Path    string
	Version Version
	Hash    string // commit hash, "" if not recorded
	Notes   Notes
}

// Find returns the requirement of path, or nil.
func (m *Manifest) Find(path string) *Require {
	for _, r := range m.Requires {
		if r.Path == path {
			return r
		}
	}
	return nil
}

// ManifestError is a malformed manifest, at a line.
type ManifestError struct {
	File string
	Line int
	Msg  string
}

func (e *ManifestError) Error() string { return fmt.Sprintf("%s:%d: %s", e.File, e.Line, e.Msg) }

var pathRx = regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9._~-]*(/[A-Za-z0-9._~-]+)+(@[1-9][0-9]*)?$`)

// CheckPath reports whether path can be a package path: slash-separated
// segments of letters, digits and ._~- (no "." or ".." segments), with at
// least two segments and an optional @N major-version suffix.
func CheckPath(path string) error {
	if !pathRx.MatchString(path) {
		return fmt.Errorf("%q is not a package path (such as github.com/user/repo)", path)
	}
	for _, seg := range strings.Split(strings.Split(path, "@")[0], "/") {
		if seg == "." || seg == ".." {
			return fmt.Errorf("%q is not a package path: it has a %q segment", path, seg)
		}
	}
	return nil
}

// pathMajor splits a package path into its repository path and the major
// version it stands for (0 for paths without @N, which hold versions 0.x
// and 1.x).
func pathMajor(path string) (string, uint64) {
	i := strings.LastIndexByte(path, '@')
	if i < 0 {
		return path, 0
	}
	n, err := strconv.ParseUint(path[i+1:], 10, 64)
	if err != nil {
		return path, 0
	}
	return path[:i], n
}

// fitsPath reports whether version v belongs to package path (its major
// version matches the path's).
func fitsPath(path string, v Version) bool {
	_, major := pathMajor(path)
	if major == 0 {
		return v.Major <= 1
	}
	return v.Major == major
}

// ParseManifest reads a manifest; file names it in errors.
func ParseManifest(file string, src []byte) (*Manifest, error) {
	m := &Manifest{}
	var pending []string // comment lines waiting for their item
	state := 0           // 0: before require, 1: inside require {, 2: after }
	for num, raw := range strings.Split(string(src), "\n") {
		lineNo := num + 1
		fail := func(format string, args ...any) error {
			return &ManifestError{file, lineNo, fmt.Sprintf(format, args...)}
		}
		line := strings.TrimSpace(strings.TrimSuffix(raw, "\r"))
		code, comment := line, ""
		if i := strings.Index(line, "--"); i >= 0 {
			code, comment = strings.TrimSpace(line[:i]), line[i:]
		}
		if code == "" {
			if comment != "" {
				pending = append(pending, comment)
			}
			continue
		}
		notes := Notes{Before: pending, After: comment}
		pending = nil
		fields := strings.Fields(code)
		switch {
		case state == 0 && fields[0] == "package":
			if m.Package != "" {
				return nil, fail("a second package line")
			}
			if m.Requires != nil || m.RequireNotes.Before != nil {
				return nil, fail("the package line must come before require")
			}
			if len(fields) != 2 {
				return nil, fail("expected `package PATH`")
			}
			if err := CheckPath(fields[1]); err != nil {
				return nil, fail("%v", err)
			}
			m.Package, m.PackageNotes = fields[1], notes
		case state == 0 && (fields[0] == "require" || strings.HasPrefix(fields[0], "require{")):
			rest := strings.TrimSpace(strings.TrimPrefix(code, "require"))
			if !strings.HasPrefix(rest, "{") {
				return nil, fail("expected `{` after require")
			}
			m.RequireNotes = notes
			m.Requires = []*Require{}
			state = 1
			rest = strings.TrimSpace(rest[1:])
			if rest == "}" {
				state = 2
			} else if rest != "" {
				return nil, fail("put each requirement on a line of its own after `require {`")
			}
		case state == 1 && code == "}":
			m.EndNotes = notes
			state = 2
		case state == 1:
			r, err := parseRequire(fields)
			if err != nil {
				return nil, fail("%v", err)
			}
			if m.Find(r.Path) != nil {
				return nil, fail("%s is required twice", r.Path)
			}
			r.Notes = notes
			m.Requires = append(m.Requires, r)
		case state == 2:
			return nil, fail("unexpected %q after the require block", code)
		default:
			return nil, fail("expected `package PATH` or `require {`, found %q", code)
		}
	}
	if state == 1 {
		return nil, &ManifestError{file, strings.Count(string(src), "\n") + 1, "missing `}` closing require"}
	}
	m.Trailing = pending
	return m, nil
}

func parseRequire(fields []string) (*Require, error) {
	if len(fields) < 2 || len(fields) > 3 {
		return nil, fmt.Errorf("expected `PATH X.Y.Z #COMMIT`, found %q", strings.Join(fields, " "))
	}
	if err := CheckPath(fields[0]); err != nil {
		return nil, err
	}
	v, err := ParseVersion(fields[1])
	if err != nil {
		return nil, err
	}
	if !fitsPath(fields[0], v) {
		return nil, fmt.Errorf("version %s does not belong to %s (a major version above 1 needs @MAJOR in the path)", v, fields[0])
	}
	r := &Require{Path: fields[0], Version: v}
	if len(fields) == 3 {
		h, ok := strings.CutPrefix(fields[2], "#")
		if !ok || !isHex(h) {
			return nil, fmt.Errorf("expected a commit hash #HEX after the version, found %q", fields[2])
		}
		r.Hash = h
	}
	return r, nil
}

// Format writes the manifest in its canonical layout, comments included.
func (m *Manifest) Format() []byte {
	var b strings.Builder
	notes := func(n Notes, indent, line string) {
		for _, c := range n.Before {
			b.WriteString(indent + c + "\n")
		}
		if line == "" {
			return
		}
		b.WriteString(indent + line)
		if n.After != "" {
			b.WriteString(" " + n.After)
		}
		b.WriteByte('\n')
	}
	if m.Package != "" || len(m.PackageNotes.Before) > 0 {
		if m.Package != "" {
			notes(m.PackageNotes, "", "package "+m.Package)
		} else {
			notes(m.PackageNotes, "", "")
		}
		b.WriteByte('\n')
	}
	notes(m.RequireNotes, "", "require {")
	for _, r := range m.Requires {
		line := r.Path + " " + r.Version.String()
		if r.Hash != "" {
			line += " #" + r.Hash
		}
		notes(r.Notes, "  ", line)
	}
	end := m.EndNotes
	after := end.After
	end.After = ""
	for _, c := range end.Before {
		b.WriteString("  " + c + "\n")
	}
	b.WriteString("}")
	if after != "" {
		b.WriteString(" " + after)
	}
	b.WriteByte('\n')
	for _, c := range m.Trailing {
		b.WriteString(c + "\n")
	}
	return []byte(b.String())
}
