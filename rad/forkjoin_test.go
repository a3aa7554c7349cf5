package rad

import (
	"math"
	"math/rand/v2"
	"testing"
)

// A forkJoinProgram is a random computation graph with nested Par: a
// block of statements over a growing list of values, where a statement is
// either an operation on two earlier values or a fork into sub-blocks, each
// of which sees the values before the fork and contributes its last value
// after the join.
type forkJoinProgram struct {
	inputs int
	body   block
}

type block []statement

type statement struct {
	op       byte // index into progOps; ignored for forks
	a, b     int  // operands, as indices modulo the number of values so far
	branches []block
}

// progOp is an operation with both a recorded and a plain form, chosen to
// keep values bounded so that finite differences stay accurate.
type progOp struct {
	name  string
	rad   func(t *Task, a, b Num) Num
	plain func(a, b float64) float64
}

var progOps = []progOp{
	{"mean", func(t *Task, a, b Num) Num { return t.MulF(t.Add(a, b), 0.5) }, func(a, b float64) float64 { return (a + b) * 0.5 }},
	{"halfdiff", func(t *Task, a, b Num) Num { return t.MulF(t.Sub(a, b), 0.5) }, func(a, b float64) float64 { return (a - b) * 0.5 }},
	{"tanhmul", func(t *Task, a, b Num) Num { return t.Mul(t.Tanh(a), b) }, func(a, b float64) float64 { return math.Tanh(a) * b }},
	{"sin", func(t *Task, a, b Num) Num { return t.Sin(a) }, func(a, b float64) float64 { return math.Sin(a) }},
	{"cos", func(t *Task, a, b Num) Num { return t.Cos(a) }, func(a, b float64) float64 { return math.Cos(a) }},
	{"atan2", func(t *Task, a, b Num) Num { return t.Atan2(a, t.AddF(t.Square(b), 1)) }, func(a, b float64) float64 { return math.Atan2(a, b*b+1) }},
	{"ratio", func(t *Task, a, b Num) Num { return t.Div(a, t.AddF(t.Square(b), 1)) }, func(a, b float64) float64 { return a / (b*b + 1) }},
	{"softnorm", func(t *Task, a, b Num) Num { return t.Sqrt(t.AddF(t.Square(a), 1)) }, func(a, b float64) float64 { return math.Sqrt(a*a + 1) }},
	{"gauss", func(t *Task, a, b Num) Num { return t.Exp(t.Neg(t.Square(a))) }, func(a, b float64) float64 { return math.Exp(-(a * a)) }},
	{"sum3", func(t *Task, a, b Num) Num { return t.MulF(t.Sum([]Num{a, b, a}), 1.0/3) }, func(a, b float64) float64 { return (a + b + a) * (1.0 / 3) }},
	{"dot", func(t *Task, a, b Num) Num { return t.MulF(t.Dot([]Num{t.Tanh(a), t.Tanh(b)}, []Num{b, a}), 0.5) }, func(a, b float64) float64 {
		return (math.Tanh(a)*b + math.Tanh(b)*a) * 0.5
	}},
	{"self", func(t *Task, a, b Num) Num { return t.MulF(t.Mul(a, a), 0.25) }, func(a, b float64) float64 { return a * a * 0.25 }},
}

// byteSource hands out the bytes of a fuzz input, then zeros.
type byteSource []byte

func (s *byteSource) next() int {
	if len(*s) == 0 {
		return 0
	}
	b := (*s)[0]
	*s = (*s)[1:]
	return int(b)
}

// decodeProgram builds a program from bytes; every byte string decodes to
// a valid program of bounded size.
func decodeProgram(data []byte) forkJoinProgram {
	src := byteSource(data)
	p := forkJoinProgram{inputs: 1 + src.next()%4}
	budget := 200
	p.body = decodeBlock(&src, 0, &budget)
	return p
}

func decodeBlock(src *byteSource, depth int, budget *int) block {
	n := 1 + src.next()%8
	var b block
	for range n {
		if *budget <= 0 {
			break
		}
		*budget--
		c := src.next()
		if depth < 4 && c%5 == 0 {
			k := 1 + src.next()%4
			s := statement{}
			for range k {
				s.branches = append(s.branches, decodeBlock(src, depth+1, budget))
			}
			b = append(b, s)
			continue
		}
		b = append(b, statement{op: byte(c % len(progOps)), a: src.next(), b: src.next()})
	}
	return b
}

// inline selects how forks are run by the recorded interpreter.
type forkMode int

const (
	forkPar    forkMode = iota // with Task.Par
	forkInline                 // branch after branch on the same Task
)

func (p forkJoinProgram) record(mode forkMode) func(t *Task, x []Num) Num {
	return func(t *Task, x []Num) Num {
		vals := p.body.run(t, mode, append([]Num(nil), x...))
		return t.Sum(vals)
	}
}

func (b block) run(t *Task, mode forkMode, vals []Num) []Num {
	for _, s := range b {
		if s.branches == nil {
			o := progOps[s.op]
			vals = append(vals, o.rad(t, vals[s.a%len(vals)], vals[s.b%len(vals)]))
			continue
		}
		outs := make([]Num, len(s.branches))
		before := vals
		if mode == forkInline {
			for i, br := range s.branches {
				r := br.run(t, mode, append([]Num(nil), before...))
				outs[i] = r[len(r)-1]
			}
		} else {
			outs = ParMap(t, len(s.branches), func(t *Task, i int) Num {
				r := s.branches[i].run(t, mode, append([]Num(nil), before...))
				return r[len(r)-1]
			})
		}
		vals = append(vals, outs...)
	}
	return vals
}

func (p forkJoinProgram) plain(x []float64) float64 {
	vals := p.body.plain(append([]float64(nil), x...))
	// Sum in the same order as Task.Sum.
	s := 0.0
	for _, v := range vals {
		s += v
	}
	return s
}

func (b block) plain(vals []float64) []float64 {
	for _, s := range b {
		if s.branches == nil {
			o := progOps[s.op]
			vals = append(vals, o.plain(vals[s.a%len(vals)], vals[s.b%len(vals)]))
			continue
		}
		before := vals
		var outs []float64
		for _, br := range s.branches {
			r := br.plain(append([]float64(nil), before...))
			outs = append(outs, r[len(r)-1])
		}
		vals = append(vals, outs...)
	}
	return vals
}

// checkProgram differentiates p in every mode and compares the gradients
// with each other and with central differences.
func checkProgram(t *testing.T, p forkJoinProgram, x []float64) {
	t.Helper()
	want := p.plain(x)
	fd := centralDiff(p.plain, x)

	v, inline, err := Config{}.Grad(p.record(forkInline), x)
	if err != nil {
		t.Fatal(err)
	}
	if v != want {
		t.Fatalf("inline value %v, plain %v", v, want)
	}
	for i := range x {
		if !nearFD(inline[i], fd[i]) {
			t.Fatalf("inline gradient %v, central differences %v", inline, fd)
		}
	}

	results := map[string][]float64{}
	for _, run := range []struct {
		name string
		cfg  Config
	}{
		{"parallel", Config{}},
		{"sequential", Config{Sequential: true}},
		{"deterministic", Config{Deterministic: true}},
		{"deterministic again", Config{Deterministic: true}},
		{"debug", Config{Debug: true}},
	} {
		v, g, err := run.cfg.Grad(p.record(forkPar), x)
		if err != nil {
			t.Fatalf("%s: %v", run.name, err)
		}
		if v != want {
			t.Fatalf("%s: value %v, plain %v", run.name, v, want)
		}
		for i := range g {
			if math.Abs(g[i]-inline[i]) > 1e-12*math.Max(1, math.Abs(inline[i])) {
				t.Fatalf("%s: gradient %v, without Par %v", run.name, g, inline)
			}
		}
		results[run.name] = g
	}
	for i := range x {
		seq, d1, d2 := results["sequential"][i], results["deterministic"][i], results["deterministic again"][i]
		if math.Float64bits(seq) != math.Float64bits(d1) || math.Float64bits(d1) != math.Float64bits(d2) {
			t.Fatalf("deterministic gradients differ bitwise: sequential %v, deterministic %v and %v",
				results["sequential"], results["deterministic"], results["deterministic again"])
		}
	}
}

func programInputs(n int, r *rand.Rand) []float64 {
	x := make([]float64, n)
	for i := range x {
		x[i] = 4*r.Float64() - 2
	}
	return x
}

func TestRandomForkJoinPrograms(t *testing.T) {
	r := rand.New(rand.NewPCG(4, 2025))
	forks := 0
	for range 300 {
		data := make([]byte, 64+r.IntN(256))
		for i := range data {
			data[i] = byte(r.Uint32())
		}
		p := decodeProgram(data)
		forks += p.body.countForks()
		checkProgram(t, p, programInputs(p.inputs, r))
	}
	if forks < 300 {
		t.Errorf("only %d forks in 300 programs; the generator hardly tests Par", forks)
	}
}

func (b block) countForks() int {
	n := 0
	for _, s := range b {
		if s.branches != nil {
			n++
			for _, br := range s.branches {
				n += br.countForks()
			}
		}
	}
	return n
}

func FuzzForkJoin(f *testing.F) {
	f.Add([]byte{})
	f.Add([]byte{1, 3, 0, 2, 2, 5, 1, 4, 0, 2, 3})
	f.Add([]byte{3, 7, 5, 3, 2, 1, 2, 3, 10, 4, 0, 2, 2, 20, 9, 1, 5, 1, 3})
	f.Fuzz(func(t *testing.T, data []byte) {
		p := decodeProgram(data)
		r := rand.New(rand.NewPCG(uint64(len(data)), 1))
		checkProgram(t, p, programInputs(p.inputs, r))
	})
}

// TestRandomForkJoinJacobians checks full Jacobians of random programs
// with several outputs, which reuse one tape for every row.
func TestRandomForkJoinJacobians(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 11))
	for range 40 {
		data := make([]byte, 64+r.IntN(128))
		for i := range data {
			data[i] = byte(r.Uint32())
		}
		p := decodeProgram(data)
		x := programInputs(p.inputs, r)
		const outs = 3
		f := func(t *Task, x []Num) []Num {
			vals := p.body.run(t, forkPar, append([]Num(nil), x...))
			return vals[max(0, len(vals)-outs):]
		}
		plain := func(x []float64) []float64 {
			vals := p.body.plain(append([]float64(nil), x...))
			return vals[max(0, len(vals)-outs):]
		}
		for _, cfg := range []Config{{}, {Deterministic: true}} {
			y, jac, err := cfg.Jacobian(f, x)
			if err != nil {
				t.Fatal(err)
			}
			want := plain(x)
			for i := range want {
				if y[i] != want[i] {
					t.Fatalf("y[%d] = %v, plain %v", i, y[i], want[i])
				}
				fd := centralDiff(func(x []float64) float64 { return plain(x)[i] }, x)
				for j := range fd {
					if !nearFD(jac[i][j], fd[j]) {
						t.Fatalf("J[%d] = %v, central differences %v", i, jac[i], fd)
					}
				}
			}
		}
	}
}

// TestConcurrentSweeps runs reverse sweeps of one tape from several
// goroutines at once, as Tape documents; run it with -race.
func TestConcurrentSweeps(t *testing.T) {
	tp, err := Record(func(t *Task, x []Num) []Num {
		parts := ParMap(t, 3, func(t *Task, i int) Num { return t.Mul(t.Sin(x[i]), x[(i+1)%3]) })
		return []Num{t.Sum(parts), t.Dot(parts, x)}
	}, []float64{0.5, 1.5, -1})
	if err != nil {
		t.Fatal(err)
	}
	want := tp.Jacobian()
	type result struct {
		row  int
		grad []float64
	}
	done := make(chan result, 8)
	for i := range 8 {
		go func() {
			w := []float64{0, 0}
			w[i%2] = 1
			g, _ := tp.VJP(w)
			done <- result{i % 2, g}
		}()
	}
	for range 8 {
		r := <-done
		if !slicesNear(r.grad, want[r.row]) {
			t.Errorf("concurrent VJP for row %d: %v, want %v", r.row, r.grad, want[r.row])
		}
	}
}

func slicesNear(a, b []float64) bool {
	for i := range a {
		if !close(a[i], b[i]) {
			return false
		}
	}
	return len(a) == len(b)
}
