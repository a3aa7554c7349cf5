package oracle

import (
	"fmt"
	"testing"
)

func TestSaddleOracle(t *testing.T) {
	r1, r2 := Saddle(SaddleStart)
	want := 8.246324826140356e-06
	checkSlice(t, "r1,r2", append(r1, r2...), []float64{want, want, want, want}, 1e-18)
	s := []float64{1, 1}
	for _, a := range [][]float64{{0.5, -0.25}, {2, 3}} {
		f := func(a []float64) float64 { return saddleCost1(s, a) }
		checkSlice(t, fmt.Sprint("cost1 gradient at ", a), SaddleCost1Grad(a), centralDiff(f, a), 1e-7)
	}
}

func TestSaddleProgram(t *testing.T) {
	for _, start := range [][2]float64{SaddleStart, {0.5, -2}} {
		r1, r2 := Saddle(start)
		variants := []string{"ff", "fr", "rf", "rr"}
		if start != SaddleStart {
			variants = []string{"ff", "rr"} // the solver runs are slow in the interpreter
		}
		for _, e := range variants {
			t.Run(fmt.Sprintf("%s/start=%v", e, start), func(t *testing.T) {
				got := flatOf(t, run(t, "saddle", e, arr(t, start[:], 2))[0], 2, 2)
				checkSlice(t, e, got, append(append([]float64(nil), r1...), r2...), 1e-9)
			})
		}
		a := []float64{0.5, -0.25}
		for _, e := range []string{"dcost_ff", "dcost_fr", "dcost_rf", "dcost_rr"} {
			t.Run(fmt.Sprintf("%s/start=%v", e, start), func(t *testing.T) {
				got := flatOf(t, run(t, "saddle", e, arr(t, start[:], 2), arr(t, a, 2))[0], 2)
				checkSlice(t, e, got, SaddleCost1Grad(a), 1e-12)
			})
		}
	}
}
