package oracle

import (
	"fmt"
	"testing"
)

// htSpecInput is GRADBENCH.md §2.4's synthetic test model and θ.
func htSpecInput(complicated bool) HTInput {
	b := 22
	m := HTModel{B: b, V: 3, Parents: htParents, BaseRel: make([][16]float64, b), InvAbs: make([][16]float64, b),
		BasePos: []float64{0.3, 0.5, -0.2, 1, -0.4, 0.1, 0.6, 1, 0.2, -0.3, 0.4, 1},
		Weights: make([]float64, 3*b), Triangles: [][3]int{{0, 1, 2}}}
	for k := range b {
		m.BaseRel[k] = htTranslation(0.1*float64(k%3), 0.2, -0.1)
		m.InvAbs[k] = htTranslation(-0.05, 0, 0.1)
	}
	m.Weights[0*b+4] = 1
	m.Weights[1*b+8] = 0.75
	m.Weights[1*b+6] = 0.25
	m.Weights[2*b+12] = 0.5
	m.Weights[2*b+0] = 0.5
	in := HTInput{Model: m, Points: []float64{1, 1, 1, 0.5, 0, -0.5}}
	copy(in.Theta[:], []float64{0.1, -0.2, 0.3, 0.5, 0.6, 0.7})
	for i := range 20 {
		in.Theta[6+i] = 0.05 * float64(i+1)
	}
	if complicated {
		in.Corr = []int{0, 0}
		in.Us = []float64{0.2, 0.3, 0.6, 0.1}
	} else {
		in.Corr = []int{0, 2}
	}
	return in
}

func TestHTOracle(t *testing.T) {
	in := htSpecInput(false)
	checkSlice(t, "simple objective", HTObjective(in), []float64{0.3866462668113232, -1.2753753126129936,
		0.41458210554132435, -0.1957280111027777, -0.9765822142596956, -1.2324610492575743}, 1e-14)
	jac, nc := HTJacobian(in)
	want := make([]float64, 26)
	copy(want, []float64{0.190518913858, 0.17884487293, 1.65471085292, -1, 0, 0, 0.184099506486, 0.967054346561, 0.111646490114, 0.049663087892})
	checkSlice(t, "simple jacobian row 0", jac[:nc], want, 1e-8)

	in = htSpecInput(true)
	checkSlice(t, "complicated objective", HTObjective(in), []float64{0.4281798680354564, -0.24389653259878186,
		0.2354472186898472, -0.1104924365025125, -1.7583766394944833, -1.1647352773823545}, 1e-14)
	jac, nc = HTJacobian(in)
	want = make([]float64, 28)
	copy(want, []float64{0.082374277914, 0.358110078518, 0.057482157829,
		-0.03805748147, 0.642399346549, -1, 0, 0, 0.036819901297,
		0.193410869312, 0.022329298023, 0.009932617578, -0.091436147878,
		-0.059988585724, -0.075478755531, -0.080607331146, 0.032910202032,
		0.049802554003, 0.022273572587, 0.034007916615})
	checkSlice(t, "complicated jacobian row 0", jac[:nc], want, 1e-8)
	// The exact u columns agree with finite differences in u.
	f := func(us []float64) float64 { in2 := in; in2.Us = us; return HTObjective(in2)[4] }
	fd := centralDiff(f, in.Us)
	checkScalar(t, "du0 of e_1y", jac[4*nc], fd[2], 1e-8)
	checkScalar(t, "du1 of e_1y", jac[4*nc+1], fd[3], 1e-8)
}

func TestHTProgram(t *testing.T) {
	inputs := map[string]HTInput{"spec-simple": htSpecInput(false), "spec-complicated": htSpecInput(true)}
	for _, complicated := range []bool{false, true} {
		in := GenHT(12, 5, 4, complicated)
		in.Model.Mirrored = !complicated
		inputs[fmt.Sprint("generated-complicated=", complicated)] = in
	}
	for name, in := range inputs {
		n := int64(len(in.Corr))
		t.Run("objective/"+name, func(t *testing.T) {
			got := flatOf(t, run(t, "ht", "objective", in.Args()...)[0], n, 3)
			checkSlice(t, "objective", got, HTObjective(in), 1e-12)
		})
		t.Run("jacobian/"+name, func(t *testing.T) {
			want, nc := HTJacobian(in)
			got := flatOf(t, run(t, "ht", "jacobian", in.Args()...)[0], 3*n, int64(nc))
			checkSlice(t, "jacobian", got, want, 1e-7)
		})
	}
}
