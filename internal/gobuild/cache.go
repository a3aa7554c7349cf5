package gobuild

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"time"
)

// The cache directory holds
//
//	bin/BATCH/prog.bin   an executable serving one or more programs
//	prog/KEY             "BATCH\n": which executable serves program KEY
//	tmp/                 builds in progress
//
// KEY hashes a program's generated Go sources (which name no source file,
// see positions.go) and the compiler version, so the cache is content
// addressed; BATCH hashes the keys built together. Executables are evicted
// least recently used first once they take more than the size limit; a
// program whose executable was evicted is simply built again.

// DefaultCacheLimit bounds the executables in the cache unless
// $FLUXION_CACHE_LIMIT says otherwise.
const DefaultCacheLimit = 512 << 20

// DefaultCacheDir is $FLUXION_CACHE, or "fluxion" in the user cache
// directory.
func DefaultCacheDir() (string, error) {
	if d := os.Getenv("FLUXION_CACHE"); d != "" {
		return d, nil
	}
	d, err := os.UserCacheDir()
	if err != nil {
		return "", fmt.Errorf("no cache directory (set FLUXION_CACHE): %v", err)
	}
	return filepath.Join(d, "fluxion"), nil
}

// CacheLimit is the size limit of the cache in bytes: $FLUXION_CACHE_LIMIT
// (a number of bytes, optionally followed by K, M or G) or
// DefaultCacheLimit.
func CacheLimit() (int64, error) {
	s := os.Getenv("FLUXION_CACHE_LIMIT")
	if s == "" {
		return DefaultCacheLimit, nil
	}
	n, err := ParseSize(s)
	if err != nil {
		return 0, fmt.Errorf("FLUXION_CACHE_LIMIT: %v", err)
	}
	return n, nil
}

// ParseSize reads a byte count such as 1048576, 512M or 2G.
func ParseSize(s string) (int64, error) {
	t := strings.TrimSpace(s)
	mult := int64(1)
	if t != "" {
		switch t[len(t)-1] {
		case 'k', 'K':
			mult = 1 << 10
		case 'm', 'M':
			mult = 1 << 20
		case 'g', 'G':
			mult = 1 << 30
		}
		if mult != 1 {
			t = t[:len(t)-1]
		}
	}
	n, err := strconv.ParseInt(t, 10, 64)
	if err != nil || n < 0 || n > (1<<62)/mult {
		return 0, fmt.Errorf("%q is not a size (a number of bytes, optionally followed by K, M or G)", s)
	}
	return n * mult, nil
}

// cache is a cache directory.
type cache struct{ dir string }

func (c cache) exe(batch string) string { return filepath.Join(c.dir, "bin", batch, "prog.bin") }
func (c cache) ref(key string) string   { return filepath.Join(c.dir, "prog", key) }

// lookup returns the executable serving the program key, if it is cached,
// and marks it as used.
func (c cache) lookup(key string) (string, bool) {
	b, err := os.ReadFile(c.ref(key))
	if err != nil {
		return "", false
	}
	batch := strings.TrimSpace(string(b))
	if !isKey(batch) {
		return "", false
	}
	exe := c.exe(batch)
	if _, err := os.Stat(exe); err != nil {
		return "", false
	}
	now := time.Now()
	os.Chtimes(exe, now, now) // recency for eviction; best effort
	return exe, true
}

// record notes that the executable of batch serves the programs keys.
func (c cache) record(batch string, keys []string) error {
	dir := filepath.Join(c.dir, "prog")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	for _, k := range keys {
		tmp, err := os.CreateTemp(dir, ".ref-")
		if err != nil {
			return err
		}
		_, err = tmp.WriteString(batch + "\n")
		if cerr := tmp.Close(); err == nil {
			err = cerr
		}
		if err == nil {
			err = os.Rename(tmp.Name(), c.ref(k))
		}
		if err != nil {
			os.Remove(tmp.Name())
			return err
		}
	}
	return nil
}

func isKey(s string) bool {
	if len(s) != keyLen {
		return false
	}
	for _, c := range s {
		if !(c >= '0' && c <= '9' || c >= 'a' && c <= 'f') {
			return false
		}
	}
	return true
}

// entry is one cached executable.
type entry struct {
	batch string
	size  int64
	used  time.Time
}

// entries lists the cached executables, least recently used first.
func (c cache) entries() ([]entry, error) {
	des, err := os.ReadDir(filepath.Join(c.dir, "bin"))
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	var es []entry
	for _, de := range des {
		if !isKey(de.Name()) {
			continue
		}
		info, err := os.Stat(c.exe(de.Name()))
		if err != nil {
			// An interrupted eviction or build: nothing to run here.
			os.RemoveAll(filepath.Join(c.dir, "bin", de.Name()))
			continue
		}
		es = append(es, entry{de.Name(), info.Size(), info.ModTime()})
	}
	sort.Slice(es, func(i, j int) bool {
		if !es[i].used.Equal(es[j].used) {
			return es[i].used.Before(es[j].used)
		}
		return es[i].batch < es[j].batch
	})
	return es, nil
}

// evict removes least recently used executables until the rest take at
// most limit bytes, never removing keep. References to removed executables
// go too, and so do builds abandoned more than a day ago.
func (c cache) evict(limit int64, keep string) error {
	es, err := c.entries()
	if err != nil {
		return err
	}
	var total int64
	for _, e := range es {
		total += e.size
	}
	live := map[string]bool{}
	for _, e := range es {
		if total > limit && e.batch != keep {
			if err := os.RemoveAll(filepath.Join(c.dir, "bin", e.batch)); err != nil {
				return err
			}
			total -= e.size
			continue
		}
		live[e.batch] = true
	}
	live[keep] = true
	refs, _ := os.ReadDir(filepath.Join(c.dir, "prog"))
	for _, r := range refs {
		b, err := os.ReadFile(filepath.Join(c.dir, "prog", r.Name()))
		if err == nil && live[strings.TrimSpace(string(b))] {
			continue
		}
		if info, err := r.Info(); err == nil && time.Since(info.ModTime()) < time.Minute && strings.HasPrefix(r.Name(), ".ref-") {
			continue // being written
		}
		os.Remove(filepath.Join(c.dir, "prog", r.Name()))
	}
	// The one-directory-per-program layout of earlier versions.
	tops, _ := os.ReadDir(c.dir)
	for _, t := range tops {
		if n := t.Name(); n != "bin" && n != "prog" && n != "tmp" && ownedByCache(n) {
			os.RemoveAll(filepath.Join(c.dir, n))
		}
	}
	tmps, _ := os.ReadDir(filepath.Join(c.dir, "tmp"))
	for _, t := range tmps {
		if info, err := t.Info(); err == nil && time.Since(info.ModTime()) > 24*time.Hour {
			os.RemoveAll(filepath.Join(c.dir, "tmp", t.Name()))
		}
	}
	return nil
}

// CacheUsage reports the number of cached executables and their size in
// bytes.
func CacheUsage(dir string) (int, int64, error) {
	es, err := cache{dir}.entries()
	if err != nil {
		return 0, 0, err
	}
	var total int64
	for _, e := range es {
		total += e.size
	}
	return len(es), total, nil
}

// CleanCache removes everything in the cache directory dir (which must
// look like one: it holds only what Build writes).
func CleanCache(dir string) error {
	des, err := os.ReadDir(dir)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		return err
	}
	for _, de := range des {
		if !ownedByCache(de.Name()) {
			return fmt.Errorf("%s does not look like a Fluxion cache (it holds %s); remove it by hand", dir, de.Name())
		}
	}
	for _, de := range des {
		if err := os.RemoveAll(filepath.Join(dir, de.Name())); err != nil {
			return err
		}
	}
	return nil
}

// ownedByCache reports whether a top-level name of a cache directory is
// one Build writes (including the one-directory-per-program layout of
// earlier versions, whose names were 32 hex digits, and their builds).
func ownedByCache(name string) bool {
	switch {
	case name == "bin" || name == "prog" || name == "tmp":
		return true
	case strings.HasPrefix(name, "build-"):
		return true
	case len(name) == 32:
		for _, c := range name {
			if !(c >= '0' && c <= '9' || c >= 'a' && c <= 'f') {
				return false
			}
		}
		return true
	}
	return false
}
