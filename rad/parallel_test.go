package rad

import (
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
