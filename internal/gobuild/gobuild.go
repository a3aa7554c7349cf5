// Package gobuild turns core IR programs into running Go executables: it
// generates each program's Go package (internal/gogen), builds packages
// with the Go toolchain into a cache, and talks to the resulting server
// processes. The compiled backend of `fluxion run`, `test`, `bench` and
// `gradbench` goes through it.
//
// The cache is content addressed: a program's key hashes its generated
// sources, which name no source file (a renamed copy is the same
// program). BuildAll builds every program that is not cached yet into one
// executable with one run of the toolchain; the executable serves the
// program whose key it is started with. The cache is kept under a size
// limit by evicting the least recently used executables.
package gobuild

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sort"

	"github.com/fluxion-lang/fluxion/internal/gogen"
	"github.com/fluxion-lang/fluxion/internal/ir"
)

// modulePath is the module of the generated build directory.
const modulePath = "fluxionprog"

// pkgName is the name of every generated package; each lives in its own
// directory of the build module, named by the program's key.
const pkgName = "prog"

// keyLen is the length of cache keys in hex digits.
const keyLen = 32

// Options configure Build and BuildAll.
type Options struct {
	// CacheDir holds built executables; empty means DefaultCacheDir().
	CacheDir string
	// CacheLimit bounds the size of the cached executables in bytes; 0
	// means CacheLimit().
	CacheLimit int64
	// Version is the compiler version, part of the cache key.
	Version string
}

// WritePackage writes the Go package of prog, named name, into dir.
func WritePackage(prog *ir.Program, dir, name string) error {
	files, err := gogen.Generate(prog, name)
	if err != nil {
		return err
	}
	return writeFiles(dir, files)
}

func writeFiles(dir string, files map[string][]byte) error {
	for _, name := range sortedKeys(files) {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			return err
		}
		if err := os.WriteFile(p, files[name], 0o644); err != nil {
			return err
		}
	}
	return nil
}

// Exe is a built program: an executable and the name under which it
// serves the program.
type Exe struct {
	Path string
	// Cached reports whether the executable came from the cache.
	Cached bool
	// key selects the program in an executable serving several.
	key string
	// files are the source file names the program's positions refer to.
	files []string
}

// Build generates and builds prog, reusing the cached executable when a
// program with the same generated sources was built before.
func Build(prog *ir.Program, opts Options) (*Exe, error) {
	exes, errs := BuildAll([]*ir.Program{prog}, opts)
	return exes[0], errs[0]
}

// unit is one program on its way to an executable.
type unit struct {
	key   string
	files map[string][]byte // the generated package
	names []string          // source file names
}

// BuildAll builds the programs, putting all that are not cached yet into
// one executable: one run of the Go toolchain, which compiles the
// programs' packages in parallel and links once, instead of one run per
// program. exes[i] or errs[i] is the outcome for progs[i]; one program
// whose generated code does not build does not keep the others from
// building.
func BuildAll(progs []*ir.Program, opts Options) (exes []*Exe, errs []error) {
	exes = make([]*Exe, len(progs))
	errs = make([]error, len(progs))
	c, limit, err := opts.cache()
	if err != nil {
		for i := range errs {
			errs[i] = err
		}
		return exes, errs
	}
	units := make([]*unit, len(progs))
	missing := map[string]*unit{}
	for i, prog := range progs {
		u, err := newUnit(prog, opts.Version)
		if err != nil {
			errs[i] = err
			continue
		}
		units[i] = u
		if exe, ok := c.lookup(u.key); ok {
			exes[i] = &Exe{Path: exe, Cached: true, key: u.key, files: u.names}
			continue
		}
		missing[u.key] = u
	}
	if len(missing) > 0 {
		batch := make([]*unit, 0, len(missing))
		for _, u := range missing {
			batch = append(batch, u)
		}
		sort.Slice(batch, func(i, j int) bool { return batch[i].key < batch[j].key })
		built, failed := c.buildSplitting(batch, opts.Version)
		if len(built) > 0 {
			// The executables just built are the most recent: eviction
			// spares at least the last one.
			if err := c.evict(limit, built[len(built)-1]); err != nil {
				for i := range errs {
					if units[i] != nil && missing[units[i].key] != nil {
						errs[i] = err
					}
				}
			}
		}
		for i, u := range units {
			if u == nil || exes[i] != nil || errs[i] != nil {
				continue
			}
			if err := failed[u.key]; err != nil {
				errs[i] = err
				continue
			}
			exe, ok := c.lookup(u.key)
			if !ok {
				errs[i] = fmt.Errorf("internal error: the executable of a program just built is not in the cache %s", c.dir)
				continue
			}
			exes[i] = &Exe{Path: exe, key: u.key, files: u.names}
		}
	}
	return exes, errs
}

func (opts Options) cache() (cache, int64, error) {
	dir := opts.CacheDir
	if dir == "" {
		var err error
		if dir, err = DefaultCacheDir(); err != nil {
			return cache{}, 0, err
		}
	}
	limit := opts.CacheLimit
	if limit == 0 {
		var err error
		if limit, err = CacheLimit(); err != nil {
			return cache{}, 0, err
		}
	}
	return cache{dir}, limit, nil
}

// newUnit generates the package of prog, with file names anonymized.
func newUnit(prog *ir.Program, version string) (*unit, error) {
	anon, names := anonymize(prog)
	files, err := gogen.Generate(anon, pkgName)
	if err != nil {
		return nil, err
	}
	h := sha256.New()
	fmt.Fprintf(h, "fluxion %s\n", version)
	for _, name := range sortedKeys(files) {
		fmt.Fprintf(h, "%s %d\n", name, len(files[name]))
		h.Write(files[name])
	}
	return &unit{key: hex.EncodeToString(h.Sum(nil))[:keyLen], files: files, names: names}, nil
}

// buildSplitting builds the units into one executable; if that fails, it
// builds each half separately, down to single programs, so that a program
// whose code does not build fails alone. It returns the batches built and
// the error of each program that failed.
func (c cache) buildSplitting(units []*unit, version string) ([]string, map[string]error) {
	failed := map[string]error{}
	batch, err := c.build(units, version)
	if err == nil {
		return []string{batch}, failed
	}
	if len(units) == 1 || errors.Is(err, errNoGo) {
		for _, u := range units {
			failed[u.key] = err
		}
		return nil, failed
	}
	half := len(units) / 2
	b1, f1 := c.buildSplitting(units[:half], version)
	b2, f2 := c.buildSplitting(units[half:], version)
	for k, e := range f2 {
		f1[k] = e
	}
	return append(b1, b2...), f1
}

var errNoGo = errors.New("the compiled backend needs the Go toolchain (`go` on PATH); use the interpreter instead (--interp)")

// build runs the Go toolchain once on a module holding the units'
// packages and the server, and records the executable in the cache.
func (c cache) build(units []*unit, version string) (string, error) {
	h := sha256.New()
	fmt.Fprintf(h, "fluxion %s batch\n", version)
	keys := make([]string, len(units))
	for i, u := range units {
		keys[i] = u.key
		fmt.Fprintln(h, u.key)
	}
	batch := hex.EncodeToString(h.Sum(nil))[:keyLen]
	if _, err := os.Stat(c.exe(batch)); err == nil {
		return batch, c.record(batch, keys)
	}
	tmpRoot := filepath.Join(c.dir, "tmp")
	if err := os.MkdirAll(tmpRoot, 0o755); err != nil {
		return "", err
	}
	tmp, err := os.MkdirTemp(tmpRoot, "build-")
	if err != nil {
		return "", err
	}
	defer os.RemoveAll(tmp)
	out := filepath.Join(tmp, "bin")
	if err := os.Mkdir(out, 0o755); err != nil {
		return "", err
	}
	if err := goBuild(filepath.Join(tmp, "src"), filepath.Join(out, "prog.bin"), units, nil); err != nil {
		return "", err
	}
	if err := os.MkdirAll(filepath.Join(c.dir, "bin"), 0o755); err != nil {
		return "", err
	}
	if err := os.Rename(out, filepath.Dir(c.exe(batch))); err != nil {
		// Another process built the same batch first: use its result.
		if _, serr := os.Stat(c.exe(batch)); serr != nil {
			return "", err
		}
	}
	return batch, c.record(batch, keys)
}

// goBuild writes a module holding the units' packages and the server into
// dir and builds it into the executable out. files, if not nil, gives each
// unit's source file names to build into the executable.
func goBuild(dir, out string, units []*unit, files map[string][]string) error {
	goTool, err := exec.LookPath("go")
	if err != nil {
		return errNoGo
	}
	keys := make([]string, len(units))
	for i, u := range units {
		keys[i] = u.key
	}
	tree := map[string][]byte{
		"go.mod":  []byte("module " + modulePath + "\n\ngo 1.26\n"),
		"main.go": serverMain(keys, files),
	}
	for _, u := range units {
		for name, src := range u.files {
			tree[u.key+"/"+name] = src
		}
	}
	if err := writeFiles(dir, tree); err != nil {
		return err
	}
	// -trimpath keeps the build directory out of the packages, so that
	// the Go build cache reuses a program compiled in an earlier batch.
	cmd := exec.Command(goTool, "build", "-trimpath", "-o", out, ".")
	cmd.Dir = dir
	// The generated module needs nothing but the standard library.
	cmd.Env = append(os.Environ(), "GOWORK=off", "GOFLAGS=-mod=mod", "GOTOOLCHAIN=local", "GOPROXY=off")
	if msg, err := cmd.CombinedOutput(); err != nil {
		return fmt.Errorf("internal error: building the generated Go code failed: %v\n%s", err, msg)
	}
	return nil
}

// BuildExecutable builds prog into the standalone executable out: the
// server of Build's executables (see serverSource for its protocol),
// serving prog without arguments and naming its source files in messages.
func BuildExecutable(prog *ir.Program, out string) error {
	u, err := newUnit(prog, "standalone")
	if err != nil {
		return err
	}
	abs, err := filepath.Abs(out)
	if err != nil {
		return err
	}
	tmp, err := os.MkdirTemp("", "fluxion-build-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)
	return goBuild(tmp, abs, []*unit{u}, map[string][]string{u.key: u.names})
}

func sortedKeys(m map[string][]byte) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}
