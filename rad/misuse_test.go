package rad

import (
	"strings"
	"sync"
	"testing"
)

// TestMisuse checks that misuse is reported as an error naming the problem.
func TestMisuse(t *testing.T) {
	var foreign Num
	if _, _, err := Grad(func(t *Task, x []Num) Num { foreign = t.Square(x[0]); return foreign }, []float64{3}); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name string
		cfg  Config
		f    func(t *Task, x []Num) []Num
		want string
	}{
		{
			name: "operand from another tape",
			f:    func(t *Task, x []Num) []Num { return []Num{t.Mul(x[0], foreign)} },
			want: "Mul: operand (value 9) belongs to another tape",
		},
		{
			name: "unary operand from another tape",
			f:    func(t *Task, x []Num) []Num { return []Num{t.Sin(foreign)} },
			want: "Sin: operand (value 9) belongs to another tape",
		},
		{
			name: "sum operand from another tape",
			f:    func(t *Task, x []Num) []Num { return []Num{t.Sum([]Num{x[0], foreign})} },
			want: "Sum: operand (value 9) belongs to another tape",
		},
		{
			name: "dot operand from another tape",
			f:    func(t *Task, x []Num) []Num { return []Num{t.Dot([]Num{x[0]}, []Num{foreign})} },
			want: "Dot: operand (value 9) belongs to another tape",
		},
		{
			name: "output from another tape",
			f:    func(t *Task, x []Num) []Num { return []Num{x[0], foreign} },
			want: "output 1 (value 9) belongs to another tape",
		},
		{
			name: "dot length mismatch",
			f:    func(t *Task, x []Num) []Num { return []Num{t.Dot(x, x[:1])} },
			want: "Dot: lengths 2 and 1 differ",
		},
		{
			name: "negative ParMap count",
			f: func(t *Task, x []Num) []Num {
				return ParMap(t, -1, func(t *Task, i int) Num { return x[0] })
			},
			want: "ParMap: negative count -1",
		},
		{
			name: "nil Par branch",
			f: func(t *Task, x []Num) []Num {
				t.Par(func(*Task) {}, nil)
				return x
			},
			want: "Par: branch 1 is nil",
		},
		{
			name: "parent task used inside Par",
			f: func(outer *Task, x []Num) []Num {
				var y Num
				outer.Par(func(*Task) { y = outer.Add(x[0], x[1]) }, func(*Task) {})
				return []Num{y}
			},
			want: "Add: task used inside its own Par",
		},
		{
			name: "parent task forks inside its own Par",
			f: func(outer *Task, x []Num) []Num {
				outer.Par(func(*Task) { outer.Par(func(*Task) {}) })
				return x
			},
			want: "Par: task used inside its own Par",
		},
		{
			name: "branch task used after Par",
			f: func(t *Task, x []Num) []Num {
				var leaked *Task
				t.Par(func(b *Task) { leaked = b })
				return []Num{leaked.Mul(x[0], x[1])}
			},
			want: "Mul: task used after its branch or recording ended",
		},
		{
			name: "Num passed between sibling branches",
			f: func(t *Task, x []Num) []Num {
				ch := make(chan Num, 1)
				var y Num
				t.Par(
					func(t *Task) { ch <- t.Mul(x[0], x[1]) },
					func(t *Task) { y = t.Sin(<-ch) },
				)
				return []Num{y}
			},
			want: "used in a concurrent branch",
		},
		{
			name: "Num passed between nested sibling branches",
			f: func(t *Task, x []Num) []Num {
				ch := make(chan Num, 1)
				var y Num
				t.Par(
					func(t *Task) {
						t.Par(func(t *Task) {}, func(t *Task) { ch <- t.Mul(x[0], x[1]) })
					},
					func(t *Task) {
						t.Par(func(t *Task) { y = t.Sin(<-ch) })
					},
				)
				return []Num{y}
			},
			want: "used in a concurrent branch",
		},
		{
			name: "task used from another goroutine in debug mode",
			cfg:  Config{Debug: true},
			f: func(t *Task, x []Num) []Num {
				var wg sync.WaitGroup
				var y Num
				wg.Go(func() { y = t.Add(x[0], x[1]) })
				wg.Wait()
				return []Num{y}
			},
			want: "Add: task used from goroutine",
		},
		{
			name: "branch task used from its parent's goroutine in debug mode",
			cfg:  Config{Debug: true},
			f: func(t *Task, x []Num) []Num {
				var y Num
				t.Par(func(b *Task) {}, func(b *Task) {
					var wg sync.WaitGroup
					wg.Go(func() { y = b.Exp(x[0]) })
					wg.Wait()
				})
				return []Num{y}
			},
			want: "Exp: task used from goroutine",
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, _, err := tc.cfg.Jacobian(tc.f, []float64{1, 2})
			if err == nil {
				t.Fatalf("no error, want %q", tc.want)
			}
			if !strings.Contains(err.Error(), tc.want) {
				t.Errorf("error %q, want it to contain %q", err, tc.want)
			}
		})
	}
}

func TestAPIErrors(t *testing.T) {
	if _, _, err := Grad(nil, []float64{1}); err == nil || !strings.Contains(err.Error(), "nil") {
		t.Errorf("Grad(nil): error %v", err)
	}
	if _, err := Record(nil, nil); err == nil {
		t.Errorf("Record(nil): no error")
	}
	two := func(t *Task, x []Num) []Num { return []Num{x[0], x[1]} }
	if _, _, err := VJP(two, []float64{1, 2}, []float64{1}); err == nil || !strings.Contains(err.Error(), "1 weights for 2 outputs") {
		t.Errorf("VJP with short weights: error %v", err)
	}
}

func TestParPanicReachesCaller(t *testing.T) {
	for _, cfg := range []Config{{}, {Sequential: true}} {
		func() {
			defer func() {
				p := recover()
				if s, _ := p.(string); !strings.Contains(s, "Par branch 1 panicked: boom") {
					t.Errorf("%+v: recovered %v, want the branch's panic", cfg, p)
				}
			}()
			cfg.Grad(func(t *Task, x []Num) Num {
				t.Par(func(*Task) {}, func(*Task) { panic("boom") })
				return x[0]
			}, []float64{1})
			t.Errorf("%+v: Grad returned after a branch panicked", cfg)
		}()
	}
}

// TestConstants checks that constant-only computations record nothing and
// that outputs which are constants or inputs get the right rows.
func TestConstants(t *testing.T) {
	tp, err := Record(func(t *Task, x []Num) []Num {
		c := t.Exp(t.Mul(Const(2), Const(3)))
		return []Num{c, x[1], t.Mul(c, x[0])}
	}, []float64{5, 7})
	if err != nil {
		t.Fatal(err)
	}
	if n := tp.Len(); n != 3 {
		t.Errorf("tape has %d entries, want 3 (two inputs and one product)", n)
	}
	jac := tp.Jacobian()
	want := [][]float64{{0, 0}, {0, 1}, {tp.Outputs()[0], 0}}
	for i := range want {
		for j := range want[i] {
			if jac[i][j] != want[i][j] {
				t.Errorf("J[%d][%d] = %v, want %v", i, j, jac[i][j], want[i][j])
			}
		}
	}
}
