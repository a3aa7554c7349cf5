package rad

import (
	"fmt"
	"runtime/debug"
	"sync"
)

// Par runs the branches as parallel tasks and returns when all have ended.
// Each branch gets a Task of its own and must record only on it; branches
// may read Nums computed before the fork, and the code after Par may read
// Nums computed in the branches (typically through variables the branches
// assign). Branches may call Par themselves.
//
// Par ends the current job of t: the code before the fork, each branch, and
// the code after the join are separate jobs, and the reverse sweep
// differentiates the branches in parallel as well.
//
// If a branch panics, Par waits for the other branches and then panics in
// the calling goroutine with a message holding the branch's panic value and
// stack, so that the panic can be recovered where Grad was called.
func (t *Task) Par(branches ...func(*Task)) {
	if len(branches) == 0 {
		return
	}
	for i, f := range branches {
		if f == nil {
			t.rec.fail(fmt.Errorf("rad: Par: branch %d is nil", i))
			return
		}
	}
	if !t.fast && !t.admit("Par") {
		// Run the branches anyway, on tasks that record nothing, so that the
		// caller's values still get computed.
		for _, f := range branches {
			dead := newTask(t.rec, &taskGraph{jobs: []*segment{{id: -1}}})
			dead.setState(taskDone)
			f(dead)
		}
		return
	}
	kids := make([]*Task, len(branches))
	graphs := make([]*taskGraph, len(branches))
	for i := range branches {
		graphs[i] = t.rec.newTask()
		kids[i] = newTask(t.rec, graphs[i])
	}
	t.graph.forks = append(t.graph.forks, graphs)
	t.setState(taskForking)

	panics := make([]any, len(branches))
	run := func(i int) {
		kid := kids[i]
		defer func() {
			if p := recover(); p != nil {
				panics[i] = fmt.Sprintf("%v\n%s", p, debug.Stack())
			}
			kid.setState(taskDone)
		}()
		if t.rec.cfg.Debug {
			kid.owner = goroutineID()
		}
		branches[i](kid)
	}
	if t.rec.cfg.Sequential {
		for i := range branches {
			run(i)
		}
	} else {
		var wg sync.WaitGroup
		for i := 1; i < len(branches); i++ {
			wg.Go(func() { run(i) })
		}
		run(0)
		wg.Wait()
	}

	for i, p := range panics {
		if p != nil {
			t.setState(taskDone)
			panic(fmt.Sprintf("rad: Par branch %d panicked: %v", i, p))
		}
	}
	t.setState(taskActive)
	t.seg = t.rec.newSegment()
	t.graph.jobs = append(t.graph.jobs, t.seg)
}

// ParMap runs f(task, i) for i = 0, ..., n-1 as parallel tasks, as Par
// does, and returns the results in order.
func ParMap[T any](t *Task, n int, f func(t *Task, i int) T) []T {
	if n < 0 {
		t.rec.fail(fmt.Errorf("rad: ParMap: negative count %d", n))
		return nil
	}
	out := make([]T, n)
	branches := make([]func(*Task), n)
	for i := range branches {
		branches[i] = func(t *Task) { out[i] = f(t, i) }
	}
	t.Par(branches...)
	return out
}
