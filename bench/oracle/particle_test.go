package oracle

import (
	"fmt"
	"testing"
)

func TestParticleOracle(t *testing.T) {
	obj, dobj := ParticleObj(0)
	checkScalar(t, "obj(0)", obj, 3.1990790025082054, 1e-13)
	checkScalar(t, "obj'(0)", dobj, -19.404636450028228, 1e-10)
	for _, w := range []float64{0, 0.1, 0.3} {
		f := func(x []float64) float64 { o, _ := ParticleObj(x[0]); return o }
		_, d := ParticleObj(w)
		checkScalar(t, fmt.Sprint("obj' vs finite differences at ", w), d, centralDiff(f, []float64{w})[0], 1e-6)
	}
	checkScalar(t, "argmin", ParticleArgmin(0), 0.2071918746486116, 1e-12)
}

func TestParticleProgram(t *testing.T) {
	for _, w := range []float64{0, 0.25} {
		obj, dobj := ParticleObj(w)
		t.Run(fmt.Sprint("obj/w=", w), func(t *testing.T) {
			checkScalar(t, "obj", scalarOf(t, run(t, "particle", "objective", f64s(w))[0]), obj, 1e-12)
		})
		for _, e := range []string{"dobj_ff", "dobj_fr", "dobj_rf", "dobj_rr"} {
			t.Run(fmt.Sprintf("%s/w=%v", e, w), func(t *testing.T) {
				checkScalar(t, e, scalarOf(t, run(t, "particle", e, f64s(w))[0]), dobj, 1e-9)
			})
		}
	}
	want := ParticleArgmin(0)
	for _, e := range []string{"ff", "fr", "rf", "rr"} {
		t.Run(e, func(t *testing.T) {
			got := flatOf(t, run(t, "particle", e, f64s(0))[0], 1)
			checkScalar(t, e, got[0], want, 1e-9)
		})
	}
}
