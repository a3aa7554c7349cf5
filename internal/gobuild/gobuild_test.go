package gobuild

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/fluxion-lang/fluxion/internal/gogen"
	"github.com/fluxion-lang/fluxion/internal/ir"
	"github.com/fluxion-lang/fluxion/internal/pipeline"
	"github.com/fluxion-lang/fluxion/internal/prim"
	"github.com/fluxion-lang/fluxion/internal/values"
)

const testProgram = `
entry dot [n] (xs: [n]f64) (ys: [n]f64) : f64 = f64.sum (map2 (*) xs ys)
entry grad [n] (xs: [n]f64) (ys: [n]f64) : [n]f64 = vjp (\v -> f64.sum (map2 (*) v ys)) xs 1.0
entry div (x: i32) (y: i32) : i32 = x / y
entry pair (x: i64) : (i64, [2]i64) = (x + 1, [x, x * 2])
entry scaled [n] (xs: [n]f64) (k: f64) : ([n]f64, [n]f64) = (map (* k) xs, xs)
`

func f64s(xs ...float64) values.Value {
	v := values.NewArray(prim.F64, []int64{int64(len(xs))})
	for i, x := range xs {
		v.Set(i, prim.FloatValue(prim.F64, x))
	}
	return v
}

func TestBuildAndCall(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a Go program")
	}
	prog, err := pipeline.CompileSource("t.fut", []byte(testProgram), nil, pipeline.Options{Verify: true})
	if err != nil {
		t.Fatal(err)
	}
	cache := t.TempDir()
	exe, err := Build(prog, Options{CacheDir: cache, Version: "test"})
	if err != nil {
		t.Fatal(err)
	}
	if exe.Cached {
		t.Errorf("first build reported as cached")
	}
	again, err := Build(prog, Options{CacheDir: cache, Version: "test"})
	if err != nil || !again.Cached || again.Path != exe.Path {
		t.Errorf("second build should come from the cache: %+v %v", again, err)
	}
	p, err := exe.Start()
	if err != nil {
		t.Fatal(err)
	}
	defer p.Close()

	xs, ys := f64s(1, 2, 3), f64s(4, 5, 6)
	res, times, err := p.Call("dot", 3, []values.Value{xs, ys})
	if err != nil {
		t.Fatal(err)
	}
	if len(times) != 3 || len(res) != 1 || res[0].String() != "32f64" {
		t.Errorf("dot: results %v, times %v", res, times)
	}
	res, _, err = p.Call("grad", 1, []values.Value{xs, ys})
	if err != nil || len(res) != 1 || res[0].String() != "[4f64, 5f64, 6f64]" {
		t.Errorf("grad: %v %v", res, err)
	}
	res, _, err = p.Call("pair", 1, []values.Value{values.Scalar(prim.IntValue(prim.I64, 5))})
	if err != nil || len(res) != 2 || res[0].String() != "6i64" || res[1].String() != "[5i64, 10i64]" {
		t.Errorf("pair: %v %v", res, err)
	}

	// A run-time failure is a RunError with the source position.
	_, _, err = p.Call("div", 1, []values.Value{values.Scalar(prim.IntValue(prim.I32, 1)), values.Scalar(prim.IntValue(prim.I32, 0))})
	var re *RunError
	if !errors.As(err, &re) || !strings.Contains(re.Msg, "t.fut:4:") || !strings.Contains(re.Msg, "division by zero") {
		t.Errorf("div by zero: %v", err)
	}
	// Wrong arguments are an InputError, and the process keeps serving.
	_, _, err = p.Call("dot", 1, []values.Value{xs})
	var ie *InputError
	if !errors.As(err, &ie) || !ie.BadArguments() {
		t.Errorf("missing argument: %v", err)
	}
	_, _, err = p.Call("nosuch", 1, nil)
	if !errors.As(err, &ie) || !strings.Contains(ie.Msg, "no entry point") {
		t.Errorf("unknown entry: %v", err)
	}
	// Load, Run and Results time repeated runs on bound arguments.
	if err := p.Load("dot", []values.Value{xs, ys}); err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 2; i++ {
		if _, err := p.Run(); err != nil {
			t.Fatal(err)
		}
	}
	res, err = p.Results()
	if err != nil || len(res) != 1 || res[0].String() != "32f64" {
		t.Errorf("results after run: %v %v", res, err)
	}
	// Repeat runs back to back: at least the runs asked for, and until
	// they took the time asked for.
	ds, err := p.Repeat(5, 0)
	if err != nil || len(ds) != 5 {
		t.Errorf("repeat 5 runs: %d times, %v", len(ds), err)
	}
	ds, err = p.Repeat(1, 20*time.Millisecond)
	var total time.Duration
	for _, d := range ds {
		total += d
	}
	if err != nil || len(ds) < 2 || total < 20*time.Millisecond {
		t.Errorf("repeat for 20ms: %d runs took %v, %v", len(ds), total, err)
	}
	res, err = p.Results()
	if err != nil || len(res) != 1 || res[0].String() != "32f64" {
		t.Errorf("results after repeat: %v %v", res, err)
	}
	// A failing run ends the repetition with its error.
	if err := p.Load("div", []values.Value{values.Scalar(prim.IntValue(prim.I32, 1)), values.Scalar(prim.IntValue(prim.I32, 0))}); err != nil {
		t.Fatal(err)
	}
	if _, err := p.Repeat(3, 0); !errors.As(err, &re) {
		t.Errorf("repeat of a failing run: %v", err)
	}

	// Each run recycles the results of the one before (Recycle): a large
	// result is built in the last one's storage, never in that of the
	// bound arguments, which a result here is.
	const big = 1 << 17
	nums := make([]float64, big)
	for i := range nums {
		nums[i] = float64(i % 1000)
	}
	bigXs := f64s(nums...)
	if err := p.Load("scaled", []values.Value{bigXs, values.Scalar(prim.FloatValue(prim.F64, 2))}); err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 3; i++ {
		if _, err := p.Run(); err != nil {
			t.Fatal(err)
		}
	}
	res, err = p.Results()
	if err != nil || len(res) != 2 {
		t.Fatalf("scaled: %v %v", res, err)
	}
	for i, x := range nums {
		got, same := res[0].Get(i).Float(), res[1].Get(i).Float()
		if got != 2*x || same != x {
			t.Fatalf("scaled, element %d of %d: %v and %v, want %v and %v", i, big, got, same, 2*x, x)
		}
	}

	// $FLUXION_CPUPROFILE: the session's CPU profile is written when the
	// server's input ends (a gzipped protocol buffer).
	prof := filepath.Join(t.TempDir(), "cpu.pprof")
	t.Setenv("FLUXION_CPUPROFILE", prof)
	pp, err := exe.Start()
	if err != nil {
		t.Fatal(err)
	}
	if _, _, err := pp.Call("dot", 1, []values.Value{xs, ys}); err != nil {
		t.Fatal(err)
	}
	if err := pp.Close(); err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(prof)
	if err != nil || len(data) < 2 || data[0] != 0x1f || data[1] != 0x8b {
		t.Errorf("profile %s: %d bytes, %v", prof, len(data), err)
	}
}

func TestWritePackage(t *testing.T) {
	prog, err := pipeline.CompileSource("t.fut", []byte(testProgram), nil, pipeline.Options{})
	if err != nil {
		t.Fatal(err)
	}
	dir := filepath.Join(t.TempDir(), "dotprod")
	if err := WritePackage(prog, dir, "dotprod", gogen.Options{}); err != nil {
		t.Fatal(err)
	}
	src, err := os.ReadFile(filepath.Join(dir, "dotprod.go"))
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"package dotprod", "func Dot(", "func Grad("} {
		if !strings.Contains(string(src), want) {
			t.Errorf("generated package lacks %q", want)
		}
	}
	// Switching to the shared runtime removes the embedded runtime's
	// files, and only generated files.
	mine := filepath.Join(dir, "mine.go")
	if err := os.WriteFile(mine, []byte("package dotprod\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := WritePackage(prog, dir, "dotprod", gogen.Options{SharedRuntime: true}); err != nil {
		t.Fatal(err)
	}
	names, err := filepath.Glob(filepath.Join(dir, "*.go"))
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, n := range names {
		got = append(got, filepath.Base(n))
	}
	if strings.Join(got, " ") != "dotprod.go mine.go rt_api.go" {
		t.Errorf("files after switching to the shared runtime: %v", got)
	}
}

// TestCacheKeyHasServer: a program's cache key changes with the server
// around it, so that an executable built with an older protocol is not
// taken from the cache.
func TestCacheKeyHasServer(t *testing.T) {
	prog, err := pipeline.CompileSource("t.fut", []byte(testProgram), nil, pipeline.Options{})
	if err != nil {
		t.Fatal(err)
	}
	key := func() string {
		u, err := newUnit(prog, "test")
		if err != nil {
			t.Fatal(err)
		}
		return u.key
	}
	before := key()
	defer func(s string) { server = s }(server)
	server += "// another request\n"
	if key() == before {
		t.Errorf("the cache key does not change with the server's source")
	}
}

// TestCacheIsContentAddressed builds one program under two file names: the
// second build comes from the cache, and each process names its own file
// in run-time errors.
func TestCacheIsContentAddressed(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a Go program")
	}
	cache := t.TempDir()
	opts := Options{CacheDir: cache, Version: "test"}
	var paths []string
	for i, name := range []string{"dir/first.fut", "other/renamed.fut"} {
		prog, err := pipeline.CompileSource(name, []byte(testProgram), nil, pipeline.Options{})
		if err != nil {
			t.Fatal(err)
		}
		exe, err := Build(prog, opts)
		if err != nil {
			t.Fatal(err)
		}
		if exe.Cached != (i == 1) {
			t.Errorf("%s: Cached = %v", name, exe.Cached)
		}
		paths = append(paths, exe.Path)
		p, err := exe.Start()
		if err != nil {
			t.Fatal(err)
		}
		_, _, err = p.Call("div", 1, []values.Value{values.Scalar(prim.IntValue(prim.I32, 1)), values.Scalar(prim.IntValue(prim.I32, 0))})
		var re *RunError
		if !errors.As(err, &re) || !strings.HasPrefix(re.Msg, "division by zero") || !strings.Contains(re.Msg, "(at "+name+":4:") {
			t.Errorf("%s: division by zero reported as %v", name, err)
		}
		p.Close()
	}
	if paths[0] != paths[1] {
		t.Errorf("a renamed copy got another executable: %s, %s", paths[0], paths[1])
	}
}

// TestBuildAllOneExecutable builds several programs with one run of the
// toolchain; each process serves its own program.
func TestBuildAllOneExecutable(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a Go program")
	}
	srcs := []string{
		"entry main (x: i64) = x + 1",
		"entry main (x: i64) = x * 10",
		"entry main (x: i64) = x + 1", // the same program again
		"entry main (x: i64) = -x",
	}
	want := []string{"6i64", "50i64", "6i64", "-5i64"}
	var progs []*ir.Program
	for i, src := range srcs {
		p, err := pipeline.CompileSource(fmt.Sprintf("p%d.fut", i), []byte(src+"\n"), nil, pipeline.Options{})
		if err != nil {
			t.Fatal(err)
		}
		progs = append(progs, p)
	}
	cache := t.TempDir()
	exes, errs := BuildAll(progs, Options{CacheDir: cache, Version: "test"})
	for i, exe := range exes {
		if errs[i] != nil {
			t.Fatalf("program %d: %v", i, errs[i])
		}
		if exe.Path != exes[0].Path {
			t.Errorf("program %d is in %s, program 0 in %s", i, exe.Path, exes[0].Path)
		}
		p, err := exe.Start()
		if err != nil {
			t.Fatal(err)
		}
		res, _, err := p.Call("main", 1, []values.Value{values.Scalar(prim.IntValue(prim.I64, 5))})
		if err != nil || len(res) != 1 || res[0].String() != want[i] {
			t.Errorf("program %d: %v %v, want %s", i, res, err, want[i])
		}
		p.Close()
	}
	again, errs := BuildAll(progs[1:2], Options{CacheDir: cache, Version: "test"})
	if errs[0] != nil || !again[0].Cached {
		t.Errorf("a program of a batch is not cached on its own: %+v %v", again[0], errs[0])
	}
	if n, _, err := CacheUsage(cache); n != 1 || err != nil {
		t.Errorf("the cache holds %d executables (%v), want 1", n, err)
	}
}

// TestBuildSplitting: a program whose generated code does not compile
// fails alone; the others of its batch are built.
func TestBuildSplitting(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a Go program")
	}
	var units []*unit
	for _, src := range []string{"entry main (x: i64) = x + 1", "entry main (x: i64) = x + 2", "entry main (x: i64) = x + 3"} {
		p, err := pipeline.CompileSource("p.fut", []byte(src+"\n"), nil, pipeline.Options{})
		if err != nil {
			t.Fatal(err)
		}
		u, err := newUnit(p, "test")
		if err != nil {
			t.Fatal(err)
		}
		units = append(units, u)
	}
	broken := &unit{key: strings.Repeat("0", keyLen), files: map[string][]byte{"prog.go": []byte("package prog\n\nvar Entries = undefined\n")}}
	units = append(units[:1], append([]*unit{broken}, units[1:]...)...)
	c := cache{t.TempDir()}
	built, failed := c.buildSplitting(units, "test")
	if len(failed) != 1 || failed[broken.key] == nil || !strings.Contains(failed[broken.key].Error(), "undefined") {
		t.Errorf("failed = %v, want only the broken program", failed)
	}
	if len(built) == 0 {
		t.Fatal("nothing built")
	}
	for i, u := range units {
		if u == broken {
			continue
		}
		if _, ok := c.lookup(u.key); !ok {
			t.Errorf("program %d was not built", i)
		}
	}
}

func TestEvict(t *testing.T) {
	c := cache{t.TempDir()}
	key := func(i int) string { return fmt.Sprintf("%032x", i) }
	base := time.Now().Add(-time.Hour)
	for i := range 4 {
		exe := c.exe(key(i))
		if err := os.MkdirAll(filepath.Dir(exe), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(exe, make([]byte, 100), 0o755); err != nil {
			t.Fatal(err)
		}
		// Executable 0 was used last, 1 first.
		used := base.Add(time.Duration(i) * time.Minute)
		if i == 0 {
			used = base.Add(time.Hour)
		}
		if err := os.Chtimes(exe, used, used); err != nil {
			t.Fatal(err)
		}
		if err := c.record(key(i), []string{key(100 + i)}); err != nil {
			t.Fatal(err)
		}
	}
	legacy := filepath.Join(c.dir, strings.Repeat("a", 32))
	if err := os.MkdirAll(legacy, 0o755); err != nil {
		t.Fatal(err)
	}
	// Room for two: 1 and 2 go (the least recently used); 3 is kept
	// although older than 0, as the executable just built.
	if err := c.evict(250, key(3)); err != nil {
		t.Fatal(err)
	}
	for i, want := range []bool{true, false, false, true} {
		if _, ok := c.lookup(key(100 + i)); ok != want {
			t.Errorf("program of executable %d cached: %v, want %v", i, ok, want)
		}
		if _, err := os.Stat(c.ref(key(100 + i))); (err == nil) != want {
			t.Errorf("reference to executable %d kept: %v, want %v", i, err == nil, want)
		}
	}
	if _, err := os.Stat(legacy); err == nil {
		t.Error("a directory of the old cache layout survived eviction")
	}
	if n, size, err := CacheUsage(c.dir); n != 2 || size != 200 || err != nil {
		t.Errorf("CacheUsage = %d, %d, %v; want 2, 200", n, size, err)
	}
	if err := CleanCache(c.dir); err != nil {
		t.Fatal(err)
	}
	if des, _ := os.ReadDir(c.dir); len(des) != 0 {
		t.Errorf("CleanCache left %d entries", len(des))
	}
	// A directory that is not a cache is left alone.
	other := t.TempDir()
	os.WriteFile(filepath.Join(other, "notes.txt"), nil, 0o644)
	if err := CleanCache(other); err == nil {
		t.Error("CleanCache emptied a directory that is not a cache")
	}
}

func TestParseSize(t *testing.T) {
	tests := []struct {
		in   string
		want int64
		ok   bool
	}{
		{"1024", 1024, true},
		{"2K", 2048, true},
		{"512M", 512 << 20, true},
		{"3g", 3 << 30, true},
		{"0", 0, true},
		{"", 0, false},
		{"-1", 0, false},
		{"12T", 0, false},
		{"M", 0, false},
		{"99999999999999999999", 0, false},
	}
	for _, tt := range tests {
		got, err := ParseSize(tt.in)
		if (err == nil) != tt.ok || got != tt.want {
			t.Errorf("ParseSize(%q) = %d, %v; want %d, ok %v", tt.in, got, err, tt.want, tt.ok)
		}
	}
}
