package rad

import (
	"reflect"
	"testing"
)

func holdsPointers(t reflect.Type) bool {
	switch t.Kind() {
	case reflect.Pointer, reflect.Interface, reflect.Slice, reflect.Map, reflect.Chan,
		reflect.Func, reflect.String, reflect.UnsafePointer:
		return true
	case reflect.Array:
		return holdsPointers(t.Elem())
	case reflect.Struct:
		for i := range t.NumField() {
			if holdsPointers(t.Field(i).Type) {
				return true
			}
		}
	}
	return false
}

// TestTapeIsPointerFree checks that the elements of every slice in a
// segment, and the deferred contributions, hold no pointers, so the
// garbage collector never scans a tape.
func TestTapeIsPointerFree(t *testing.T) {
	seg := reflect.TypeFor[segment]()
	slices := 0
	for i := range seg.NumField() {
		f := seg.Field(i)
		if f.Type.Kind() == reflect.Slice {
			slices++
			if holdsPointers(f.Type.Elem()) {
				t.Errorf("segment.%s holds %v, which contains pointers", f.Name, f.Type.Elem())
			}
		} else if holdsPointers(f.Type) {
			t.Errorf("segment.%s is a %v, which contains pointers", f.Name, f.Type)
		}
	}
	if slices != 2 {
		t.Errorf("segment has %d slices, want 2 (ends and operands)", slices)
	}
	for _, typ := range []reflect.Type{reflect.TypeFor[pending](), reflect.TypeFor[Num]()} {
		if holdsPointers(typ) {
			t.Errorf("%v contains pointers", typ)
		}
	}
}

// TestJobGraph checks the job graph recorded for nested forks.
func TestJobGraph(t *testing.T) {
	tp, err := Record(func(t *Task, x []Num) []Num {
		var a, b Num
		t.Par(
			func(t *Task) {
				var c, d Num
				t.Par(func(t *Task) { c = t.Sin(x[0]) }, func(t *Task) { d = t.Cos(x[0]) })
				a = t.Mul(c, d)
			},
			func(t *Task) { b = t.Exp(x[1]) },
		)
		return []Num{t.Add(a, b)}
	}, []float64{1, 2})
	if err != nil {
		t.Fatal(err)
	}
	// Root: start, join. Branch one: start, join; its two branches. Branch two.
	if got := tp.Jobs(); got != 7 {
		t.Errorf("%d jobs, want 7", got)
	}
	// Two inputs and five operations.
	if got := tp.Len(); got != 7 {
		t.Errorf("%d entries, want 7", got)
	}
	root := tp.root
	if len(root.jobs) != 2 || len(root.forks) != 1 || len(root.forks[0]) != 2 {
		t.Fatalf("root task has %d jobs and forks %v", len(root.jobs), root.forks)
	}
	first := root.forks[0][0]
	if len(first.jobs) != 2 || len(first.forks) != 1 || len(first.forks[0]) != 2 {
		t.Errorf("first branch has %d jobs and %d forks", len(first.jobs), len(first.forks))
	}
	order := newSPOrder(root, tp.Jobs())
	inner := first.forks[0]
	sin, cos, exp := inner[0].jobs[0].id, inner[1].jobs[0].id, root.forks[0][1].jobs[0].id
	tests := []struct {
		a, b int32
		want bool
	}{
		{root.jobs[0].id, sin, true},
		{sin, first.jobs[1].id, true},
		{sin, root.jobs[1].id, true},
		{sin, cos, false},
		{cos, sin, false},
		{exp, sin, false},
		{sin, exp, false},
		{exp, root.jobs[1].id, true},
		{root.jobs[1].id, exp, false},
	}
	for _, tc := range tests {
		if got := order.precedes(tc.a, tc.b); got != tc.want {
			t.Errorf("precedes(%d, %d) = %v, want %v", tc.a, tc.b, got, tc.want)
		}
	}
}

// TestQuietRanges checks which tasks a task's jobs may update without
// synchronisation: a task forked alone shares its parent's range.
func TestQuietRanges(t *testing.T) {
	tp, err := Record(func(t *Task, x []Num) []Num {
		var y Num
		t.Par(func(t *Task) { // forked alone
			var a, b Num
			t.Par(
				func(t *Task) { t.Par(func(t *Task) { a = t.Sin(x[0]) }) },
				func(t *Task) { b = t.Cos(x[0]) },
			)
			y = t.Add(a, b)
		})
		return []Num{y}
	}, []float64{1})
	if err != nil {
		t.Fatal(err)
	}
	root := tp.root
	alone := root.forks[0][0]
	left, right := alone.forks[0][0], alone.forks[0][1]
	innermost := left.forks[0][0]
	tests := []struct {
		name     string
		g        *taskGraph
		quietful *taskGraph // the task whose subtree is the quiet range
	}{
		{"root", root, root},
		{"forked alone", alone, root},
		{"left of two", left, left},
		{"right of two", right, right},
		{"alone inside left", innermost, left},
	}
	for _, tc := range tests {
		if tc.g.quietLo != tc.quietful.lo || tc.g.quietHi != tc.quietful.hi {
			t.Errorf("%s: quiet range [%d,%d), want [%d,%d)", tc.name, tc.g.quietLo, tc.g.quietHi, tc.quietful.lo, tc.quietful.hi)
		}
	}
	if !right.quiet(right.lo) || right.quiet(left.lo) || right.quiet(root.lo) {
		t.Errorf("right branch's quiet range [%d,%d) is wrong (left %d, root %d)", right.quietLo, right.quietHi, left.lo, root.lo)
	}
}
