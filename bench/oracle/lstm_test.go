package oracle

import (
	"fmt"
	"testing"
)

// lstmSpecInput is GRADBENCH.md §2.5's test vector input.
func lstmSpecInput() LSTMInput {
	return LSTMInput{L: 1, B: 2, C: 3,
		Main:  []float64{0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7},
		Extra: []float64{0.5, 0.6, 0.7, 0.8, 0.1, 0.2},
		State: []float64{0.3, 0.4, 0.5, 0.6},
		Seq:   []float64{1, 0, 0, 1, 1, 1},
	}
}

func TestLSTMOracle(t *testing.T) {
	in := lstmSpecInput()
	checkScalar(t, "objective", LSTMObjective(in), 0.8628377633812927, 1e-14)
	g := LSTMGradient(in)
	if len(g) != 22 {
		t.Fatalf("gradient length %d, want 22", len(g))
	}
	checkSlice(t, "gradient head", g[:3], []float64{0.0001395312821312031, -0.0024614381143781895, -0.001369070164865893}, 1e-12)
	checkSlice(t, "gradient tail", g[19:], []float64{-0.10842904391005814, -0.037623022952771104, -0.2464416114598238}, 1e-12)
	for _, c := range []struct{ l, b, c int }{{1, 2, 3}, {2, 3, 5}, {3, 2, 4}} {
		in := GenLSTM(c.l, c.b, c.c)
		params := append(append([]float64(nil), in.Main...), in.Extra...)
		f := func(p []float64) float64 {
			in2 := in
			in2.Main, in2.Extra = p[:len(in.Main)], p[len(in.Main):]
			return LSTMObjective(in2)
		}
		checkSlice(t, fmt.Sprintf("gradient vs finite differences %v", c), LSTMGradient(in), centralDiff(f, params), 1e-7)
	}
}

func TestLSTMProgram(t *testing.T) {
	for _, c := range []struct{ l, b, c int }{{1, 2, 3}, {2, 3, 5}, {3, 4, 2}} {
		in := GenLSTM(c.l, c.b, c.c)
		name := fmt.Sprintf("l=%d,b=%d,c=%d", c.l, c.b, c.c)
		t.Run("objective/"+name, func(t *testing.T) {
			got := scalarOf(t, run(t, "lstm", "objective", in.Args()...)[0])
			checkScalar(t, "objective", got, LSTMObjective(in), 1e-12)
		})
		t.Run("jacobian/"+name, func(t *testing.T) {
			want := LSTMGradient(in)
			got := flatOf(t, run(t, "lstm", "jacobian", in.Args()...)[0], int64(len(want)))
			checkSlice(t, "jacobian", got, want, 1e-10)
		})
	}
}
