package pkgmgr

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
)

// Project is a directory with a futhark.pkg manifest (perhaps not yet
// written) and a lib/ directory.
type Project struct {
	Dir string
	// Log, if non-nil, receives a line for each repository operation.
	Log io.Writer
}

func (p Project) manifestPath() string { return filepath.Join(p.Dir, ManifestFile) }

// Manifest reads the project's manifest; a missing file is an empty one.
func (p Project) Manifest() (*Manifest, error) {
	src, err := os.ReadFile(p.manifestPath())
	if errors.Is(err, fs.ErrNotExist) {
		return &Manifest{}, nil
	}
	if err != nil {
		return nil, err
	}
	return ParseManifest(p.manifestPath(), src)
}

func (p Project) writeManifest(m *Manifest) error {
	tmp := p.manifestPath() + "~new"
	if err := os.WriteFile(tmp, m.Format(), 0o644); err != nil {
		return err
	}
	return os.Rename(tmp, p.manifestPath())
}

// Add requires pkgPath at version spec (a version X.Y.Z, a commit version,
// or a commit hash, which becomes a commit version), or, if spec is "", at
// its newest release (the newest commit if it has none). An existing
// requirement of the package is replaced. It returns the new requirement;
// lib/ changes only with Sync.
func (p Project) Add(pkgPath, spec string) (*Require, error) {
	if err := CheckPath(pkgPath); err != nil {
		return nil, err
	}
	m, err := p.Manifest()
	if err != nil {
		return nil, err
	}
	rs, err := newRepos(p.Log)
	if err != nil {
		return nil, err
	}
	defer rs.close()
	req, err := rs.pick(pkgPath, spec)
	if err != nil {
		return nil, err
	}
	if old := m.Find(pkgPath); old != nil {
		old.Version, old.Hash = req.Version, req.Hash
		req = old
	} else {
		m.Requires = append(m.Requires, req)
	}
	return req, p.writeManifest(m)
}

// pick finds the version of pkgPath that spec names (see Add).
func (rs *repos) pick(pkgPath, spec string) (*Require, error) {
	rels, err := rs.releases(pkgPath)
	if err != nil {
		return nil, err
	}
	if spec == "" {
		if len(rels) > 0 {
			last := rels[len(rels)-1]
			return &Require{Path: pkgPath, Version: last.version, Hash: last.commit}, nil
		}
		commit, err := rs.head(pkgPath)
		if err != nil {
			return nil, err
		}
		return rs.commitRequire(pkgPath, commit)
	}
	if v, err := ParseVersion(spec); err == nil {
		if !fitsPath(pkgPath, v) {
			return nil, fmt.Errorf("version %s does not belong to %s (a major version above 1 needs @MAJOR in the path)", v, pkgPath)
		}
		if c := v.Commit(); c != "" {
			commit, err := rs.resolve(pkgPath, c)
			if err != nil {
				return nil, err
			}
			return &Require{Path: pkgPath, Version: v, Hash: commit}, nil
		}
		for _, rel := range rels {
			if rel.version.Compare(v) == 0 {
				return &Require{Path: pkgPath, Version: rel.version, Hash: rel.commit}, nil
			}
		}
		return nil, fmt.Errorf("%s has no version %s (%s)", pkgPath, v, versionList(rels))
	}
	if isHex(strings.ToLower(spec)) {
		commit, err := rs.resolve(pkgPath, strings.ToLower(spec))
		if err != nil {
			return nil, err
		}
		return rs.commitRequire(pkgPath, commit)
	}
	return nil, fmt.Errorf("%q is neither a version X.Y.Z nor a commit hash", spec)
}

func (rs *repos) commitRequire(pkgPath, commit string) (*Require, error) {
	t, err := rs.commitTime(pkgPath, commit)
	if err != nil {
		return nil, err
	}
	return &Require{Path: pkgPath, Version: CommitVersion(t, commit), Hash: commit}, nil
}

func versionList(rels []release) string {
	if len(rels) == 0 {
		return "it has no releases"
	}
	vs := make([]string, len(rels))
	for i, r := range rels {
		vs[i] = r.version.String()
	}
	return "versions: " + strings.Join(vs, ", ")
}

// Versions lists the released versions of pkgPath, oldest first.
func (p Project) Versions(pkgPath string) ([]Version, error) {
	if err := CheckPath(pkgPath); err != nil {
		return nil, err
	}
	rs, err := newRepos(p.Log)
	if err != nil {
		return nil, err
	}
	defer rs.close()
	rels, err := rs.releases(pkgPath)
	if err != nil {
		return nil, err
	}
	vs := make([]Version, len(rels))
	for i, r := range rels {
		vs[i] = r.version
	}
	return vs, nil
}

// Remove drops the requirement of pkgPath; lib/ changes only with Sync.
func (p Project) Remove(pkgPath string) error {
	m, err := p.Manifest()
	if err != nil {
		return err
	}
	for i, r := range m.Requires {
		if r.Path == pkgPath {
			m.Requires = append(m.Requires[:i], m.Requires[i+1:]...)
			return p.writeManifest(m)
		}
	}
	return fmt.Errorf("%s does not require %s", p.manifestPath(), pkgPath)
}

// Upgrade moves every requirement to the newest release of its major
// version (a commit version without releases to the newest commit) and
// returns a line per change, "PATH OLD => NEW".
func (p Project) Upgrade() ([]string, error) {
	m, err := p.Manifest()
	if err != nil {
		return nil, err
	}
	rs, err := newRepos(p.Log)
	if err != nil {
		return nil, err
	}
	defer rs.close()
	var changes []string
	for _, r := range m.Requires {
		newest, err := rs.pick(r.Path, "")
		if err != nil {
			return nil, err
		}
		if newest.Version.Compare(r.Version) > 0 {
			changes = append(changes, fmt.Sprintf("%s %s => %s", r.Path, r.Version, newest.Version))
			r.Version, r.Hash = newest.Version, newest.Hash
		}
	}
	if len(changes) == 0 {
		return nil, nil
	}
	return changes, p.writeManifest(m)
}

// Selected is a package version Sync installs.
type Selected struct {
	Path    string
	Version Version
	Commit  string
}

// Sync makes lib/ hold exactly the packages the manifest requires,
// directly or through the requirements of required packages, each at the
// oldest version that satisfies every requirement of it. Everything else
// in lib/ is removed, except the directory of the project's own package.
// lib/ is built as lib~new and swapped in only when complete (the old one
// is kept as lib~old during the swap).
func (p Project) Sync() ([]Selected, error) {
	m, err := p.Manifest()
	if err != nil {
		return nil, err
	}
	rs, err := newRepos(p.Log)
	if err != nil {
		return nil, err
	}
	defer rs.close()
	sel, err := rs.selectVersions(m)
	if err != nil {
		return nil, err
	}
	lib := filepath.Join(p.Dir, "lib")
	next, old := lib+"~new", lib+"~old"
	if err := os.RemoveAll(next); err != nil {
		return nil, err
	}
	ok := false
	defer func() {
		if !ok {
			os.RemoveAll(next)
		}
	}()
	if err := os.MkdirAll(next, 0o755); err != nil {
		return nil, err
	}
	for _, s := range sel {
		if err := rs.extract(s.Path, s.Commit, filepath.Join(next, filepath.FromSlash(s.Path))); err != nil {
			return nil, err
		}
	}
	if m.Package != "" {
		own := filepath.Join(lib, filepath.FromSlash(m.Package))
		if _, err := os.Stat(own); err == nil {
			if err := copyTree(own, filepath.Join(next, filepath.FromSlash(m.Package))); err != nil {
				return nil, err
			}
		}
	}
	if err := os.RemoveAll(old); err != nil {
		return nil, err
	}
	if _, err := os.Stat(lib); err == nil {
		if err := os.Rename(lib, old); err != nil {
			return nil, err
		}
	}
	if err := os.Rename(next, lib); err != nil {
		os.Rename(old, lib)
		return nil, err
	}
	ok = true
	return sel, os.RemoveAll(old)
}

// selectVersions computes the build list by minimal version selection:
// every (package, version) reachable from the manifest's requirements
// through the manifests of the required versions is visited, and each
// package gets the highest version required of it. Commits recorded in
// requirements are checked against the repositories.
func (rs *repos) selectVersions(root *Manifest) ([]Selected, error) {
	type node struct {
		path    string
		version string
	}
	best := map[string]*Selected{}
	visited := map[node]bool{}
	var visit func(r *Require, from string) error
	visit = func(r *Require, from string) error {
		n := node{r.Path, r.Version.String()}
		if visited[n] {
			return nil
		}
		visited[n] = true
		commit, err := rs.commitOf(r)
		if err != nil {
			return fmt.Errorf("%s: %v", from, err)
		}
		if b := best[r.Path]; b == nil || r.Version.Compare(b.Version) > 0 {
			best[r.Path] = &Selected{r.Path, r.Version, commit}
		}
		m, err := rs.manifestAt(r.Path, commit)
		if err != nil {
			return err
		}
		for _, dep := range m.Requires {
			if err := visit(dep, r.Path+" "+r.Version.String()); err != nil {
				return err
			}
		}
		return nil
	}
	for _, r := range root.Requires {
		if err := visit(r, ManifestFile); err != nil {
			return nil, err
		}
	}
	out := make([]Selected, 0, len(best))
	for _, s := range best {
		out = append(out, *s)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Path < out[j].Path })
	return out, nil
}

// commitOf finds the commit of a required version and checks it against
// the recorded hash.
func (rs *repos) commitOf(r *Require) (string, error) {
	var commit string
	if c := r.Version.Commit(); c != "" {
		var err error
		if commit, err = rs.resolve(r.Path, c); err != nil {
			return "", err
		}
	} else {
		rels, err := rs.releases(r.Path)
		if err != nil {
			return "", err
		}
		for _, rel := range rels {
			if rel.version.Compare(r.Version) == 0 {
				commit = rel.commit
			}
		}
		if commit == "" {
			return "", fmt.Errorf("%s has no version %s (%s)", r.Path, r.Version, versionList(rels))
		}
	}
	if r.Hash != "" && !strings.HasPrefix(commit, r.Hash) {
		return "", fmt.Errorf("%s %s is commit %s, but the manifest expects %s: the release was changed", r.Path, r.Version, commit, r.Hash)
	}
	return commit, nil
}

// copyTree copies the regular files and directories under src to dst.
func copyTree(src, dst string) error {
	return filepath.WalkDir(src, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(src, p)
		if err != nil {
			return err
		}
		target := filepath.Join(dst, rel)
		switch {
		case d.IsDir():
			return os.MkdirAll(target, 0o755)
		case d.Type().IsRegular():
			data, err := os.ReadFile(p)
			if err != nil {
				return err
			}
			return os.WriteFile(target, data, 0o644)
		}
		return nil
	})
}
