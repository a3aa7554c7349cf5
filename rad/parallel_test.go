package rad

import (
	"math"
	"sync/atomic"
	"testing"
	"time"
)

// rendezvous makes n parties wait for each other, and reports whether they
// all arrived within the timeout, which they cannot if they run one after
// another.
type rendezvous struct {
	n       int32
	arrived atomic.Int32
	missed  atomic.Bool
}

func (r *rendezvous) meet() {
	r.arrived.Add(1)
	deadline := time.Now().Add(5 * time.Second)
	for r.arrived.Load() < r.n {
		if time.Now().After(deadline) {
			r.missed.Store(true)
			return
		}
		time.Sleep(time.Millisecond)
	}
}

// TestBranchesRunConcurrently checks that Par branches run at the same
// time in the forward pass, and that their jobs are swept at the same time
// in the reverse pass.
func TestBranchesRunConcurrently(t *testing.T) {
	forward := &rendezvous{n: 2}
	var branchJobs [2]atomic.Int32
	f := func(t *Task, x []Num) Num {
		var a, b Num
		t.Par(
			func(t *Task) {
				branchJobs[0].Store(t.seg.id)
				forward.meet()
				a = t.Sin(x[0])
			},
			func(t *Task) {
				branchJobs[1].Store(t.seg.id)
				forward.meet()
				b = t.Cos(x[0])
			},
		)
		return t.Add(a, b)
	}
	reverse := &rendezvous{n: 2}
	sweepJobHook = func(job int32) {
		if job == branchJobs[0].Load() || job == branchJobs[1].Load() {
			reverse.meet()
		}
	}
	defer func() { sweepJobHook = nil }()
	_, g, err := Grad(f, []float64{0.5})
	if err != nil {
		t.Fatal(err)
	}
	if forward.missed.Load() {
		t.Error("Par branches did not run concurrently")
	}
	if reverse.missed.Load() {
		t.Error("the reverse sweep did not resolve sibling jobs concurrently")
	}
	if want := 0.8775825618903728 - 0.479425538604203; !close(g[0], want) {
		t.Errorf("gradient %v, want %v", g[0], want)
	}
}

// TestManyBranchesSharingInputs checks a data-parallel loss whose 64
// branches all read the same inputs, so their reverse sweeps update the
// same adjoints at the same time.
func TestManyBranchesSharingInputs(t *testing.T) {
	const dim, chunks = 4, 64
	loss := func(t *Task, w []Num) Num {
		parts := ParMap(t, chunks, func(t *Task, c int) Num {
			x := make([]Num, dim)
			for i := range x {
				x[i] = Const(float64((c*dim+i)%7) - 3)
			}
			return t.Square(t.Sin(t.Dot(w, x)))
		})
		return t.Sum(parts)
	}
	plain := func(w []float64) float64 {
		s := 0.0
		for c := range chunks {
			d := 0.0
			for i := range dim {
				d += w[i] * (float64((c*dim+i)%7) - 3)
			}
			s += math.Sin(d) * math.Sin(d)
		}
		return s
	}
	w := []float64{0.1, -0.2, 0.3, 0.05}
	fd := centralDiff(plain, w)
	_, seq, err := Config{Sequential: true}.Grad(loss, w)
	if err != nil {
		t.Fatal(err)
	}
	for i := range fd {
		if !nearFD(seq[i], fd[i]) {
			t.Fatalf("sequential gradient %v, central differences %v", seq, fd)
		}
	}
	for range 5 {
		_, par, err := Grad(loss, w)
		if err != nil {
			t.Fatal(err)
		}
		_, det, err := Config{Deterministic: true}.Grad(loss, w)
		if err != nil {
			t.Fatal(err)
		}
		for i := range seq {
			if !close(par[i], seq[i]) {
				t.Fatalf("parallel gradient %v, sequential %v", par, seq)
			}
			if math.Float64bits(det[i]) != math.Float64bits(seq[i]) {
				t.Fatalf("deterministic gradient %v, sequential %v: not bitwise equal", det, seq)
			}
		}
	}
}
