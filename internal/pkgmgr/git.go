package pkgmgr

import (
	"archive/tar"
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"time"
)

// release is a released version of a package and its commit.
type release struct {
	version Version
	commit  string
}

// repos fetches packages' git repositories, each at most once.
type repos struct {
	tmp    string            // directory for clones
	clones map[string]string // repository URL -> clone directory
	tags   map[string][]release
	log    io.Writer
}

func newRepos(log io.Writer) (*repos, error) {
	if _, err := exec.LookPath("git"); err != nil {
		return nil, errors.New("the package manager needs git on PATH")
	}
	tmp, err := os.MkdirTemp("", "fluxion-pkg-")
	if err != nil {
		return nil, err
	}
	return &repos{tmp: tmp, clones: map[string]string{}, tags: map[string][]release{}, log: log}, nil
}

// close removes the clones.
func (r *repos) close() { os.RemoveAll(r.tmp) }

// url is where the repository of a package path is fetched from.
func url(pkgPath string) string {
	repo, _ := pathMajor(pkgPath)
	return "https://" + repo
}

func (r *repos) logf(format string, args ...any) {
	if r.log != nil {
		fmt.Fprintf(r.log, format+"\n", args...)
	}
}

// git runs git with args in dir ("" for the current directory) and
// returns its standard output.
func (r *repos) git(dir string, args ...string) ([]byte, error) {
	cmd := exec.Command("git", args...)
	cmd.Dir = dir
	// Never wait for a password on a terminal.
	cmd.Env = append(os.Environ(), "GIT_TERMINAL_PROMPT=0", "GIT_ASKPASS=")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		msg := strings.TrimSpace(stderr.String())
		if msg == "" {
			msg = err.Error()
		}
		return nil, fmt.Errorf("git %s: %s", args[0], msg)
	}
	return out, nil
}

// releases lists the released versions of pkgPath (tags vX.Y.Z of its
// major version), oldest first.
func (r *repos) releases(pkgPath string) ([]release, error) {
	u := url(pkgPath)
	if rs, ok := r.tags[u]; ok {
		return filterMajor(pkgPath, rs), nil
	}
	r.logf("listing the versions of %s (%s)", pkgPath, u)
	out, err := r.git("", "ls-remote", "--tags", u)
	if err != nil {
		return nil, fmt.Errorf("%s: %v", pkgPath, err)
	}
	byTag := map[string]string{}
	peeled := map[string]string{}
	for _, line := range strings.Split(string(out), "\n") {
		commit, ref, ok := strings.Cut(strings.TrimSpace(line), "\t")
		if !ok {
			continue
		}
		tag, ok := strings.CutPrefix(ref, "refs/tags/")
		if !ok {
			continue
		}
		if t, ok := strings.CutSuffix(tag, "^{}"); ok {
			peeled[t] = commit
		} else {
			byTag[tag] = commit
		}
	}
	var rs []release
	for tag, commit := range byTag {
		vs, ok := strings.CutPrefix(tag, "v")
		if !ok {
			continue
		}
		v, err := ParseVersion(vs)
		if err != nil || v.Build != "" {
			continue
		}
		if p, ok := peeled[tag]; ok {
			commit = p // an annotated tag: the commit it points to
		}
		rs = append(rs, release{v, commit})
	}
	sort.Slice(rs, func(i, j int) bool { return rs[i].version.Compare(rs[j].version) < 0 })
	r.tags[u] = rs
	return filterMajor(pkgPath, rs), nil
}

func filterMajor(pkgPath string, rs []release) []release {
	var out []release
	for _, rel := range rs {
		if fitsPath(pkgPath, rel.version) {
			out = append(out, rel)
		}
	}
	return out
}

// clone returns a local clone of the repository of pkgPath.
func (r *repos) clone(pkgPath string) (string, error) {
	u := url(pkgPath)
	if dir, ok := r.clones[u]; ok {
		return dir, nil
	}
	dir := filepath.Join(r.tmp, strconv.Itoa(len(r.clones)))
	r.logf("fetching %s (%s)", pkgPath, u)
	if _, err := r.git("", "clone", "--quiet", "--no-checkout", u, dir); err != nil {
		return "", fmt.Errorf("%s: %v", pkgPath, err)
	}
	r.clones[u] = dir
	return dir, nil
}

// resolve returns the full commit hash that rev names in the repository
// of pkgPath.
func (r *repos) resolve(pkgPath, rev string) (string, error) {
	dir, err := r.clone(pkgPath)
	if err != nil {
		return "", err
	}
	out, err := r.git(dir, "rev-parse", "--verify", "--quiet", rev+"^{commit}")
	if err != nil {
		return "", fmt.Errorf("%s has no commit %s", pkgPath, rev)
	}
	return strings.TrimSpace(string(out)), nil
}

// commitTime is when commit was made.
func (r *repos) commitTime(pkgPath, commit string) (time.Time, error) {
	dir, err := r.clone(pkgPath)
	if err != nil {
		return time.Time{}, err
	}
	out, err := r.git(dir, "show", "-s", "--format=%ct", commit)
	if err != nil {
		return time.Time{}, fmt.Errorf("%s: %v", pkgPath, err)
	}
	secs, err := strconv.ParseInt(strings.TrimSpace(string(out)), 10, 64)
	if err != nil {
		return time.Time{}, fmt.Errorf("%s: bad commit time %q", pkgPath, out)
	}
	return time.Unix(secs, 0), nil
}

// head is the commit the repository's default branch points to.
func (r *repos) head(pkgPath string) (string, error) {
	return r.resolve(pkgPath, "HEAD")
}

// manifestAt reads the package's futhark.pkg at commit; a package without
// one requires nothing.
func (r *repos) manifestAt(pkgPath, commit string) (*Manifest, error) {
	dir, err := r.clone(pkgPath)
	if err != nil {
		return nil, err
	}
	out, err := r.git(dir, "show", commit+":"+ManifestFile)
	if err != nil {
		return &Manifest{}, nil
	}
	return ParseManifest(pkgPath+"@"+commit[:min(12, len(commit))]+"/"+ManifestFile, out)
}

// extract copies the package directory lib/PATH of the repository at
// commit into dest.
func (r *repos) extract(pkgPath, commit, dest string) error {
	dir, err := r.clone(pkgPath)
	if err != nil {
		return err
	}
	sub := "lib/" + pkgPath
	out, err := r.git(dir, "archive", "--format=tar", commit, "--", sub)
	if err != nil {
		return fmt.Errorf("%s at %s has no package directory %s", pkgPath, commit, sub)
	}
	tr := tar.NewReader(bytes.NewReader(out))
	files := 0
	for {
		h, err := tr.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			return fmt.Errorf("%s: reading the archive of %s: %v", pkgPath, commit, err)
		}
		name := path.Clean(h.Name)
		rel, ok := strings.CutPrefix(name, sub)
		if !ok || rel != "" && rel[0] != '/' {
			continue
		}
		target := filepath.Join(dest, filepath.FromSlash(rel))
		switch h.Typeflag {
		case tar.TypeDir:
			if err := os.MkdirAll(target, 0o755); err != nil {
				return err
			}
		case tar.TypeReg:
			if err := os.MkdirAll(filepath.Dir(target), 0o755); err != nil {
				return err
			}
			data, err := io.ReadAll(tr)
			if err != nil {
				return err
			}
			if err := os.WriteFile(target, data, 0o644); err != nil {
				return err
			}
			files++
		default:
			// Symbolic links and the like could point outside lib/.
			r.logf("%s: skipping %s (not a regular file)", pkgPath, h.Name)
		}
	}
	if files == 0 {
		return fmt.Errorf("%s at %s has no files in its package directory %s", pkgPath, commit, sub)
	}
	return nil
}
