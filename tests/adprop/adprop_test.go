package adprop

import (
	"bufio"
	"errors"
	"flag"
	"fmt"
	"hash/fnv"
	"io/fs"
	"math"
	"math/rand"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/fluxion-lang/fluxion/internal/ad"
	"github.com/fluxion-lang/fluxion/internal/ad/rev"
	"github.com/fluxion-lang/fluxion/internal/check"
	"github.com/fluxion-lang/fluxion/internal/interp"
	"github.com/fluxion-lang/fluxion/internal/ir"
	"github.com/fluxion-lang/fluxion/internal/pipeline"
	"github.com/fluxion-lang/fluxion/internal/prim"
	"github.com/fluxion-lang/fluxion/internal/testspec"
	"github.com/fluxion-lang/fluxion/internal/values"
)

var update = flag.Bool("update", false, "rewrite known-gaps.txt with the failures of this run")

// root is the repository root, seen from this package's directory.
const root = "../.."

// roots are the directories searched for programs; errors/ holds programs
// that must not compile.
var roots = []string{"tests", "examples", "bench"}

// Checks, as named in known-gaps.txt.
const (
	chkJVP     = "jvp"         // jvp2 of the entry compiles, runs and returns the primal
	chkVJP     = "vjp"         // vjp2 of the entry compiles, runs and returns the primal
	chkGenVJP  = "vjp-generic" // vjp2 compiles and runs with rev.NoSpecialCases
	chkFD      = "fd"          // jvp agrees with central finite differences
	chkDuality = "duality"     // <ybar, J xdot> = <J^T ybar, xdot>
	chkGeneric = "generic"     // vjp with and without special-case rules agree
)

// specialCases guards rev.NoSpecialCases: compilations read it, the generic
// compilation sets it.
var specialCases sync.RWMutex

type candidate struct {
	file    string // slash-separated path from the repository root
	entry   *check.Entry
	params  []leaf
	results []leaf
	custom  bool // reaches with_vjp: its vjp is user-defined, so duality does not hold
	usesAD  bool // the entry itself differentiates: fd then checks second derivatives
	spec    *testspec.Spec
}

// stats counts what the run did; the subtests share it.
type stats struct {
	sync.Mutex
	programs       int
	entries        int            // float entries checked
	custom, higher int            // of which reach with_vjp, and use AD themselves
	skippedEntries int            // entries not checked
	skipReasons    map[string]int // why, per entry
	cases          int            // points checked
	fdChecked      int
	fdSkipped      int // points where the primal is not smooth
	dual, generic  int
	caseSkips      map[string]int    // why a test case gave no point
	candidates     map[string]bool   // "file entry" of every float entry
	failures       map[string]string // "file entry check" -> first failure
	ran            map[string]bool   // "file entry check" of checks that ran
}

func (s *stats) mark(c *candidate, check string) {
	s.Lock()
	s.ran[c.file+" "+c.entry.Name+" "+check] = true
	s.Unlock()
}

func newStats() *stats {
	return &stats{skipReasons: map[string]int{}, caseSkips: map[string]int{},
		candidates: map[string]bool{}, failures: map[string]string{}, ran: map[string]bool{}}
}

func (s *stats) skip(reason string) {
	s.Lock()
	s.skippedEntries++
	s.skipReasons[reason]++
	s.Unlock()
}

func (s *stats) fail(c *candidate, check, msg string) {
	s.Lock()
	k := c.file + " " + c.entry.Name + " " + check
	if _, ok := s.failures[k]; !ok {
		s.failures[k] = msg
	}
	s.Unlock()
}

func findPrograms(t *testing.T) []string {
	var files []string
	for _, r := range roots {
		dir := filepath.Join(root, r)
		if _, err := os.Stat(dir); err != nil {
			continue
		}
		err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if d.IsDir() && (d.Name() == "errors" || d.Name() == "adprop") {
				return filepath.SkipDir
			}
			if !d.IsDir() && strings.HasSuffix(p, ".fut") {
				files = append(files, p)
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	sort.Strings(files)
	return files
}

// reaches reports the intrinsics reachable from the entry's body.
func reaches(e *check.Entry) map[string]bool {
	found := map[string]bool{}
	seen := map[*check.ValBind]bool{}
	var visit func(d *check.ValBind)
	visit = func(d *check.ValBind) {
		if d == nil || seen[d] {
			return
		}
		seen[d] = true
		check.Inspect(d.Body, func(x check.Expr) bool {
			if v, ok := x.(*check.VarRef); ok {
				if v.Bind.Intrinsic != "" {
					found[v.Bind.Intrinsic] = true
				}
				visit(v.Bind.Decl)
			}
			return true
		})
	}
	visit(e.Bind)
	return found
}

// candidates lists the float entries of one program, counting the others.
func candidates(file string, st *stats) []*candidate {
	spec, err := testspec.ParseFile(file)
	if err != nil || spec.CompileError != nil || spec.Disabled() {
		return nil
	}
	prog, err := check.CheckFile(file)
	if err != nil {
		return nil
	}
	rel, _ := filepath.Rel(root, file)
	var out []*candidate
	for _, e := range prog.Entries {
		c := &candidate{file: filepath.ToSlash(rel), entry: e, spec: spec}
		reason := ""
		if len(e.Params) == 0 {
			reason = "no parameters"
		}
		varied := 0
		for _, p := range e.Params {
			l, ok := primLeaf(p)
			if !ok && reason == "" {
				reason = "parameter of type " + kind(p)
			}
			if ok && !l.fixed {
				varied++
			}
			c.params = append(c.params, l)
		}
		if reason == "" && varied == 0 {
			reason = "no f32/f64 parameter"
		}
		for _, r := range e.Results {
			l, ok := floatLeaf(r)
			if !ok && reason == "" {
				reason = "result of type " + kind(r)
			}
			c.results = append(c.results, l)
		}
		if reason != "" {
			st.skip(reason)
			continue
		}
		st.Lock()
		st.candidates[c.file+" "+e.Name] = true
		st.Unlock()
		in := reaches(e)
		c.custom = in["__with_vjp"]
		c.usesAD = in["__jvp2"] || in["__vjp2"] || in["__jmp2"] || in["__mjp2"]
		out = append(out, c)
	}
	return out
}

// compiled is a wrapper program, or why it did not compile; gap is set when
// the AD passes report a construct they cannot differentiate yet.
type compiled struct {
	exe *interp.Program
	err error
	gap bool
}

// compile builds the wrapper of c in the given mode; generic disables the
// special-case rules of reverse mode.
func compile(c *candidate, mode string, generic bool) compiled {
	dir, base := path.Split(path.Join(root, c.file))
	name := dir + "ap_wrapper.fut"
	src := wrapperSource(strings.TrimSuffix(base, ".fut"), c.entry.Name, c.params, c.results, mode)
	load := func(p string) ([]byte, error) {
		if p == name {
			return []byte(src), nil
		}
		return check.OSLoader(p)
	}
	var p *ir.Program
	var err error
	if generic {
		specialCases.Lock()
		rev.NoSpecialCases = true
		p, err = pipeline.CompileSource(name, []byte(src), load, pipeline.Options{})
		rev.NoSpecialCases = false
		specialCases.Unlock()
	} else {
		specialCases.RLock()
		p, err = pipeline.CompileSource(name, []byte(src), load, pipeline.Options{})
		specialCases.RUnlock()
	}
	if err != nil {
		var ae *ad.Error // also reverse mode's rev.Error
		// an internal error of the AD passes is a bug, not a missing rule
		gap := errors.As(err, &ae) && !strings.Contains(err.Error(), "internal error")
		return compiled{err: errors.New(firstLine(check.FormatError(err))), gap: gap}
	}
	exe, err := interp.Compile(p)
	return compiled{exe: exe, err: err}
}

func firstLine(s string) string {
	s, _, _ = strings.Cut(strings.TrimSpace(s), "\n")
	return s
}

// knownGaps reads known-gaps.txt: "file entry check" per line, # comments.
func knownGaps(t *testing.T) map[string]bool {
	known := map[string]bool{}
	f, err := os.Open("known-gaps.txt")
	if err != nil {
		if os.IsNotExist(err) {
			return known
		}
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line, _, _ := strings.Cut(sc.Text(), "#")
		fields := strings.Fields(line)
		if len(fields) == 0 {
			continue
		}
		if len(fields) != 3 {
			t.Fatalf("known-gaps.txt: want \"file entry check\", got %q", sc.Text())
		}
		known[strings.Join(fields, " ")] = true
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return known
}

func writeKnownGaps(t *testing.T, failures map[string]string) {
	var b strings.Builder
	b.WriteString(`# Entry points whose AD properties fail today, one check per line:
#   file entry check  # first failure
# Checks: jvp, vjp, vjp-generic (the wrapper compiles, runs and returns the
# primal; "gap:" marks a construct the AD passes report they cannot
# differentiate), fd (jvp against finite differences), duality (jvp against
# vjp), generic (vjp with and without special-case rules). TestADProperties
# keeps this list exact: fix the cause, then delete the line. Lines without
# "gap:" are wrong results, run-time errors or internal errors: bugs.
# (go test ./tests/adprop -update rewrites it).
`)
	keys := make([]string, 0, len(failures))
	for k := range failures {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		fmt.Fprintf(&b, "%s  # %s\n", k, failures[k])
	}
	if err := os.WriteFile("known-gaps.txt", []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
}

var allChecks = []string{chkJVP, chkVJP, chkGenVJP, chkFD, chkDuality, chkGeneric}

// TestADProperties differentiates every float entry point of the repository's
// programs at the inputs of its test blocks.
func TestADProperties(t *testing.T) {
	known := knownGaps(t)
	st := newStats()
	lim := limits{cases: 3, elems: 20000, primal: 5 * time.Second}
	if testing.Short() {
		lim = limits{cases: 1, elems: 2000, primal: 100 * time.Millisecond}
	}
	byFile := map[string][]*candidate{}
	var files []string
	for _, f := range findPrograms(t) {
		st.programs++
		cs := candidates(f, st)
		if len(cs) > 0 {
			rel := cs[0].file
			files = append(files, rel)
			byFile[rel] = cs
		}
	}
	t.Run("entries", func(t *testing.T) {
		for _, file := range files {
			t.Run(file, func(t *testing.T) {
				t.Parallel()
				for _, c := range byFile[file] {
					t.Run(c.entry.Name, func(t *testing.T) {
						t.Parallel()
						checkEntry(t, c, st, lim)
						for _, chk := range allChecks {
							k := c.file + " " + c.entry.Name + " " + chk
							st.Lock()
							msg, failed := st.failures[k]
							ran := st.ran[k]
							st.Unlock()
							switch {
							case failed && !known[k] && !*update:
								t.Errorf("%s: %s", chk, msg)
							case failed:
								t.Logf("known: %s: %s", chk, msg)
							case known[k] && ran && !testing.Short() && !*update:
								t.Errorf("%s passes but is listed in known-gaps.txt", chk)
							}
						}
					})
				}
			})
		}
	})
	if !testing.Short() && !*update {
		for k := range known {
			f := strings.Fields(k)
			st.Lock()
			ok := st.candidates[f[0]+" "+f[1]]
			st.Unlock()
			if !ok {
				t.Errorf("known-gaps.txt lists %s, which is not a float entry point", k)
			}
		}
	}
	if *update {
		writeKnownGaps(t, st.failures)
	}
	t.Logf("%d programs, %d float entries checked (%d use AD themselves, %d reach with_vjp), %d entries skipped %v",
		st.programs, st.entries, st.higher, st.custom, st.skippedEntries, st.skipReasons)
	t.Logf("%d cases: fd %d checked, %d at non-smooth points skipped; duality %d; generic against special rules %d; cases skipped %v",
		st.cases, st.fdChecked, st.fdSkipped, st.dual, st.generic, st.caseSkips)
	t.Logf("%d failing checks (%d listed in known-gaps.txt)", len(st.failures), len(known))
}

type limits struct {
	cases, elems int
	primal       time.Duration
}

func seed(c *candidate, i int) int64 {
	h := fnv.New64a()
	fmt.Fprintf(h, "%s %s %d", c.file, c.entry.Name, i)
	return int64(h.Sum64() >> 1)
}

// input is a case's arguments: all of them, and the f32/f64 ones as vectors.
type input struct {
	all []values.Value
	x   []vec
}

// with replaces the varied arguments of in by x.
func (c *candidate) with(in input, x []vec) []values.Value {
	out := append([]values.Value(nil), in.all...)
	k := 0
	for i, p := range c.params {
		if !p.fixed {
			out[i] = x[k].value()
			k++
		}
	}
	return out
}

// inputs are the arguments of the entry's test cases that can be used.
func inputs(c *candidate, st *stats, lim limits) []input {
	sel := &testspec.Selection{Mode: testspec.Interpreted}
	var out []input
	for _, in := range sel.Instances(c.spec) {
		if in.Entry != c.entry.Name || in.Skip != "" || in.Case.Expect.Kind == testspec.ExpectError || len(out) >= lim.cases {
			continue
		}
		args, err := testspec.CaseInput(c.spec, in.Case, in.Entry)
		if err != nil || len(args) != len(c.params) {
			st.caseSkip("input unreadable or of the wrong arity")
			continue
		}
		var xs []vec
		n, ok := 0, true
		for i, a := range args {
			p := c.params[i]
			if a.Elem() != p.elem || a.Rank() != len(p.dims) {
				ok = false
				break
			}
			if p.fixed {
				continue
			}
			v, _ := toVec(a)
			n += len(v.x)
			xs = append(xs, v)
		}
		switch {
		case !ok:
			st.caseSkip("input of another type")
		case n > lim.elems:
			st.caseSkip("input too large")
		default:
			out = append(out, input{all: args, x: xs})
		}
	}
	return out
}

func (s *stats) caseSkip(reason string) {
	s.Lock()
	s.caseSkips[reason]++
	s.Unlock()
}

func (s *stats) count(p *int) {
	s.Lock()
	*p++
	s.Unlock()
}

func describe(r compiled) string {
	if r.gap {
		return "gap: " + r.err.Error()
	}
	return "error: " + r.err.Error()
}

func checkEntry(t *testing.T, c *candidate, st *stats, lim limits) {
	cases := inputs(c, st, lim)
	if len(cases) == 0 {
		st.skip("no usable test input")
		t.Skip("no usable test input")
	}
	primal := compile(c, modePrimal, false)
	if primal.err != nil {
		st.skip("primal does not compile")
		t.Skipf("primal does not compile: %v", primal.err)
	}
	// primal results first: derivatives are compiled only for usable points
	type point struct {
		i  int
		in input
		y0 []vec
	}
	var points []point
	for i, in := range cases {
		start := time.Now()
		y0, err := run(primal.exe, "ap_primal", in.all)
		switch d := time.Since(start); {
		case d > lim.primal:
			// fd runs the primal four more times and the derivatives cost more still
			st.caseSkip("primal slower than " + lim.primal.String())
			t.Logf("case %d: primal took %v", i, d)
		case err != nil:
			st.caseSkip("primal fails")
		case !finite(y0):
			st.caseSkip("primal not finite")
		default:
			points = append(points, point{i, in, y0})
		}
	}
	if len(points) == 0 {
		st.skip("no case with a fast, finite primal")
		t.Skip("no case with a fast, finite primal")
	}
	st.Lock()
	st.entries++
	if c.custom {
		st.custom++
	}
	if c.usesAD {
		st.higher++
	}
	st.Unlock()
	for _, chk := range []string{chkJVP, chkVJP, chkGenVJP} {
		st.mark(c, chk)
	}
	jvp := compile(c, modeJVP, false)
	if jvp.err != nil {
		st.fail(c, chkJVP, describe(jvp))
	}
	vjp := compile(c, modeVJP, false)
	if vjp.err != nil {
		st.fail(c, chkVJP, describe(vjp))
	}
	gen := compile(c, modeVJP, true)
	if gen.err != nil {
		st.fail(c, chkGenVJP, describe(gen))
	}
	prec := precisionOf(c)
	m := len(c.results)
	for _, p := range points {
		i, in, y0 := p.i, p.in, p.y0
		x := in.x
		st.count(&st.cases)
		rng := rand.New(rand.NewSource(seed(c, i)))
		xdot := make([]vec, len(x))
		for j := range x {
			xdot[j] = x[j].like(direction(rng))
		}
		ybar := make([]vec, m)
		for j := range y0 {
			ybar[j] = y0[j].like(uniform(rng))
		}
		var tan, grad, gradGen []vec
		if jvp.err == nil {
			out, err := run(jvp.exe, "ap_jvp", append(c.with(in, x), values2(xdot)...))
			if err != nil {
				st.fail(c, chkJVP, fmt.Sprintf("case %d: run: %v", i, err))
			} else if ok, msg := agree(y0, out[:m], prec.dualTol); !ok {
				st.fail(c, chkJVP, fmt.Sprintf("case %d: primal of jvp2: %s", i, msg))
			} else {
				tan = out[m:]
			}
		}
		runVJP := func(r compiled, chk string) []vec {
			if r.err != nil {
				return nil
			}
			out, err := run(r.exe, "ap_vjp", append(c.with(in, x), values2(ybar)...))
			if err != nil {
				st.fail(c, chk, fmt.Sprintf("case %d: run: %v", i, err))
				return nil
			}
			if ok, msg := agree(y0, out[:m], prec.dualTol); !ok {
				st.fail(c, chk, fmt.Sprintf("case %d: primal of vjp2: %s", i, msg))
				return nil
			}
			return out[m:]
		}
		grad = runVJP(vjp, chkVJP)
		gradGen = runVJP(gen, chkGenVJP)
		if tan != nil {
			checkFD(t, c, st, prec, primal, jvp, i, in, xdot, y0, tan)
		}
		if tan != nil && grad != nil && !c.custom {
			st.mark(c, chkDuality)
			a, sa := dot(ybar, tan)
			b, sb := dot(grad, xdot)
			switch {
			case math.IsInf(a, 0) && a == b:
				// Both sides overflow alike (e.g. gamma's derivative at
				// large arguments): there is nothing to compare.
				st.caseSkip("duality: both products infinite")
			case math.Abs(a-b) > prec.dualTol*(sa+sb) || math.IsNaN(a-b):
				st.count(&st.dual)
				st.fail(c, chkDuality, fmt.Sprintf("case %d: <ybar, jvp xdot> = %.17g but <vjp ybar, xdot> = %.17g", i, a, b))
			default:
				st.count(&st.dual)
			}
		}
		if grad != nil && gradGen != nil {
			st.count(&st.generic)
			st.mark(c, chkGeneric)
			if ok, msg := agree(grad, gradGen, prec.dualTol); !ok {
				st.fail(c, chkGeneric, fmt.Sprintf("case %d: cotangent with special rules vs generic: %s", i, msg))
			}
		}
	}
}

// checkFD compares the tangent with central differences of the primal along
// xdot at steps h and h/2. Points where the two central differences disagree,
// or where the one-sided differences do not converge like a smooth function's
// (a kink or a jump within h), are skipped.
func checkFD(t *testing.T, c *candidate, st *stats, prec precision, primal, jvp compiled, i int, in input, xdot, y0, tan []vec) {
	x := in.x
	xmax := 1.0
	for _, v := range x {
		xmax = math.Max(xmax, norm(v.x))
	}
	h := prec.h * math.Exp2(math.Ceil(math.Log2(xmax)))
	type diffs struct {
		fd, oneSided, tan []vec
		ymax              []float64
	}
	at := func(h float64) (*diffs, error) {
		xp, xm := step(x, xdot, h), step(x, xdot, -h)
		yp, err := run(primal.exe, "ap_primal", c.with(in, xp))
		if err != nil {
			return nil, err
		}
		ym, err := run(primal.exe, "ap_primal", c.with(in, xm))
		if err != nil {
			return nil, err
		}
		if !finite(yp) || !finite(ym) {
			return nil, fmt.Errorf("not finite")
		}
		if !sameShapes(y0, yp) || !sameShapes(y0, ym) {
			return nil, fmt.Errorf("result shapes change")
		}
		d := &diffs{tan: tan}
		if eff := effective(xp, xm, h); !sameVecs(eff, xdot) {
			out, err := run(jvp.exe, "ap_jvp", append(c.with(in, x), values2(eff)...))
			if err != nil {
				return nil, err
			}
			d.tan = out[len(y0):]
		}
		for r := range y0 {
			fd := vec{x: make([]float64, len(y0[r].x))}
			one := vec{x: make([]float64, len(y0[r].x))}
			for j := range fd.x {
				fd.x[j] = (yp[r].x[j] - ym[r].x[j]) / (2 * h)
				// forward minus backward difference: h*f'' when smooth, the jump in slope at a kink
				one.x[j] = (yp[r].x[j] - 2*y0[r].x[j] + ym[r].x[j]) / h
			}
			d.fd = append(d.fd, fd)
			d.oneSided = append(d.oneSided, one)
			d.ymax = append(d.ymax, math.Max(norm(y0[r].x), math.Max(norm(yp[r].x), norm(ym[r].x))))
		}
		return d, nil
	}
	var d2 *diffs
	d1, err := at(h)
	if err == nil {
		d2, err = at(h / 2)
	}
	if err != nil {
		st.count(&st.fdSkipped)
		t.Logf("case %d: fd skipped: %v", i, err)
		return
	}
	for r := range y0 {
		noise1 := 64 * prec.eps * d1.ymax[r] / h
		noise2 := 2 * noise1
		scale := math.Max(norm(d2.fd[r].x), norm(d2.tan[r].x))
		smooth := diffNorm(d1.fd[r].x, d2.fd[r].x) <= prec.fdTol*scale+noise2
		k1, k2 := norm(d1.oneSided[r].x), norm(d2.oneSided[r].x)
		half := make([]float64, len(d1.oneSided[r].x))
		for j, v := range d1.oneSided[r].x {
			half[j] = v / 2
		}
		converges := k2 <= prec.kinkTol*scale+2*noise2 || diffNorm(d2.oneSided[r].x, half) <= 0.25*k1+2*noise2
		if !smooth || !converges {
			st.count(&st.fdSkipped)
			t.Logf("case %d: fd skipped: result %d is not smooth at the input (central differences agree: %v, one-sided ones converge: %v)", i, r, smooth, converges)
			return
		}
	}
	st.count(&st.fdChecked)
	st.mark(c, chkFD)
	for r := range y0 {
		noise2 := 128 * prec.eps * d2.ymax[r] / h
		scale := math.Max(norm(d2.fd[r].x), norm(d2.tan[r].x))
		if e := diffNorm(d2.fd[r].x, d2.tan[r].x); e > prec.fdTol*scale+noise2 {
			if jumps(c, prec, jvp, in, xdot, h/2, len(y0), tan) {
				// The program branches at the input (an equality test on
				// it, say), so its derivative is the branch's there and
				// differences across the branch say nothing about it.
				st.count(&st.fdSkipped)
				t.Logf("case %d: fd skipped: the derivative jumps at the input", i)
				return
			}
			j := worst(d2.fd[r].x, d2.tan[r].x)
			st.fail(c, chkFD, fmt.Sprintf("case %d: result %d[%d]: jvp %.10g, finite difference %.10g", i, r, j, d2.tan[r].x[j], d2.fd[r].x[j]))
			return
		}
	}
}

// jumps reports whether the tangent along xdot at x +- h*xdot differs from
// the tangent tan at x by more than the fd tolerance: the derivative the
// program computes is not continuous at x.
func jumps(c *candidate, prec precision, jvp compiled, in input, xdot []vec, h float64, nres int, tan []vec) bool {
	for _, s := range []float64{h, -h} {
		out, err := run(jvp.exe, "ap_jvp", append(c.with(in, step(in.x, xdot, s)), values2(xdot)...))
		if err != nil {
			return false
		}
		for r, v := range out[nres:] {
			if r < len(tan) && diffNorm(v.x, tan[r].x) > prec.fdTol*math.Max(norm(v.x), norm(tan[r].x)) {
				return true
			}
		}
	}
	return false
}

func worst(a, b []float64) int {
	w := 0
	for j := range a {
		if math.Abs(a[j]-b[j]) > math.Abs(a[w]-b[w]) {
			w = j
		}
	}
	return w
}

func sameShapes(a, b []vec) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if len(a[i].x) != len(b[i].x) || fmt.Sprint(a[i].shape) != fmt.Sprint(b[i].shape) {
			return false
		}
	}
	return true
}

// kind names the sort of a type that is not a float scalar or array, for
// the summary of skipped entries.
func kind(t check.Type) string {
	_, elem := check.Rank(check.Reveal(check.Resolve(t)))
	switch e := check.Reveal(check.Resolve(elem)).(type) {
	case *check.Prim:
		if e.P.IsFloat() {
			return "f16"
		}
		if e.P == prim.Bool {
			return "bool"
		}
		return "integer"
	case *check.Record:
		return "tuple or record"
	case *check.Sum:
		return "sum"
	}
	return "other"
}
