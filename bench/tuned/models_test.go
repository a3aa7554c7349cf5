package tuned

import (
	"fmt"
	"slices"
	"testing"

	"github.com/fluxion-lang/fluxion/bench/oracle"
)

func gmmFromOracle(in oracle.GMMInput) *GMMInput {
	return &GMMInput{D: in.D, K: in.K, N: in.N, Alpha: in.Alpha, Mu: in.Mu, Q: in.Q, L: in.L, X: in.X, Gamma: in.Gamma, M: in.M}
}

func TestGMM(t *testing.T) {
	// GradBench's test vector.
	spec := &GMMInput{D: 2, K: 2, N: 2, M: 0, Gamma: 1,
		X: []float64{0.5, -1.0, 1.5, 0.25}, Alpha: []float64{0.1, -0.2},
		Mu: []float64{0.0, 0.5, 1.0, -0.5}, Q: []float64{0.2, -0.1, 0.0, 0.3}, L: []float64{0.4, -0.6}}
	var w GMMWork
	checkScalar(t, "objective", GMMObjective(spec, &w), -12.547699984998806, 1e-13)
	ga, gm, gq, gl := make([]float64, 2), make([]float64, 4), make([]float64, 4), make([]float64, 2)
	checkScalar(t, "objective of the gradient", GMMGradient(spec, &w, ga, gm, gq, gl), -12.547699984998806, 1e-13)
	checkSlice(t, "alpha", ga, []float64{-0.566167352703913, 0.5661673527039129}, 1e-13)
	checkSlice(t, "mu", gm, []float64{0.6264981208944718, -0.3062927090361518, -0.11845701317562414, 0.42848468457431643}, 1e-13)
	checkSlice(t, "q", gq, []float64{-1.7809234229562376, -0.7881912744780161, 0.06296173931044624, -1.128956163233319}, 1e-13)
	checkSlice(t, "l", gl, []float64{-0.3127411820818745, 0.20259008270308454}, 1e-13)

	// The oracle at dimensions on both sides of qTimes's blocks of four
	// columns, with m and γ away from their defaults.
	for _, c := range []struct{ d, k, n, m int }{{1, 2, 3, 0}, {2, 5, 20, 0}, {3, 4, 7, 1}, {4, 3, 5, 2}, {5, 3, 10, 0}, {8, 2, 6, 0}, {11, 7, 13, 3}, {20, 5, 40, 0}} {
		o := oracle.GenGMM(c.d, c.k, c.n)
		o.M, o.Gamma = c.m, 0.8
		in := gmmFromOracle(o)
		name := fmt.Sprintf("d=%d k=%d n=%d m=%d", c.d, c.k, c.n, c.m)
		want := oracle.GMMObjective(o)
		checkScalar(t, "objective "+name, GMMObjective(in, &w), want, 1e-12)
		tl := c.d * (c.d - 1) / 2
		ga, gm, gq, gl := make([]float64, c.k), make([]float64, c.k*c.d), make([]float64, c.k*c.d), make([]float64, c.k*tl)
		checkScalar(t, "gradient's objective "+name, GMMGradient(in, &w, ga, gm, gq, gl), want, 1e-12)
		g := oracle.GMMGradient(o)
		checkSlice(t, "alpha "+name, ga, g.Alpha, 1e-11)
		checkSlice(t, "mu "+name, gm, g.Mu, 1e-11)
		checkSlice(t, "q "+name, gq, g.Q, 1e-11)
		checkSlice(t, "l "+name, gl, g.L, 1e-11)
		noAllocs(t, "gmm "+name, func() { GMMObjective(in, &w); GMMGradient(in, &w, ga, gm, gq, gl) })
	}
	mustPanic(t, "short l", func() {
		GMMObjective(&GMMInput{D: 2, K: 1, N: 1, Alpha: []float64{0}, Mu: make([]float64, 2), Q: make([]float64, 2), X: make([]float64, 2)}, &w)
	})
}

func TestLSTM(t *testing.T) {
	spec := &LSTMInput{L: 1, B: 2, C: 3,
		Main:  []float64{0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7},
		Extra: []float64{0.5, 0.6, 0.7, 0.8, 0.1, 0.2},
		State: []float64{0.3, 0.4, 0.5, 0.6},
		Seq:   []float64{1, 0, 0, 1, 1, 1}}
	var w LSTMWork
	checkScalar(t, "objective", LSTMObjective(spec, &w), 0.8628377633812927, 1e-14)
	g := make([]float64, 22)
	checkScalar(t, "gradient's objective", LSTMGradient(spec, &w, g), 0.8628377633812927, 1e-14)
	checkSlice(t, "gradient head", g[:3], []float64{0.0001395312821312031, -0.0024614381143781895, -0.001369070164865893}, 1e-13)
	checkSlice(t, "gradient tail", g[19:], []float64{-0.10842904391005814, -0.037623022952771104, -0.2464416114598238}, 1e-13)
	for _, c := range []struct{ l, b, c int }{{1, 2, 2}, {2, 3, 5}, {3, 4, 9}, {2, 14, 64}} {
		o := oracle.GenLSTM(c.l, c.b, c.c)
		in := &LSTMInput{L: o.L, B: o.B, C: o.C, Main: o.Main, Extra: o.Extra, State: o.State, Seq: o.Seq}
		name := fmt.Sprintf("l=%d b=%d c=%d", c.l, c.b, c.c)
		checkScalar(t, "objective "+name, LSTMObjective(in, &w), oracle.LSTMObjective(o), 1e-13)
		g := make([]float64, 8*c.l*c.b+3*c.b)
		LSTMGradient(in, &w, g)
		checkSlice(t, "gradient "+name, g, oracle.LSTMGradient(o), 1e-12)
		noAllocs(t, "lstm "+name, func() { LSTMObjective(in, &w); LSTMGradient(in, &w, g) })
	}
}

func baFromOracle(b oracle.BAProblem) *BAInput {
	return &BAInput{N: b.N, M: b.M, P: b.P, Cams: b.Cams, X: b.X, W: b.W, Obs: b.Obs, Feats: b.Feats}
}

func TestBA(t *testing.T) {
	// GradBench's test vector (ba1); every block is the same, so a prefix
	// of the observations shows them all.
	full := oracle.GenBA(49, 7776, 31843).Expand()
	in := baFromOracle(full)
	in.P, in.W, in.Obs, in.Feats = 2, full.W[:2], full.Obs[:4], full.Feats[:4]
	reproj, werr := make([]float64, 4), make([]float64, 2)
	BAObjective(in, reproj, werr)
	checkSlice(t, "reproj", reproj[:2], []float64{0.10133583791450886, -0.06896776592424401}, 1e-12)
	checkScalar(t, "w_err", werr[1], 0.826092651516, 1e-12)
	rows, cols, vals := make([]int32, 7), make([]int32, 62), make([]float64, 62)
	BAJacobian(in, rows, cols, vals)
	checkSlice(t, "vals head", vals[:3], []float64{-461.4463210015993, 178.8679280144455, -19.423916472206248}, 1e-12)
	checkScalar(t, "vals[14]", vals[14], 0.24299878163378708, 1e-12)
	checkScalar(t, "vals[29]", vals[29], -0.16538160078960118, 1e-12)
	checkScalar(t, "last val", vals[61], -0.834044, 1e-15)
	if !slices.Equal(rows, []int32{0, 15, 30, 45, 60, 61, 62}) {
		t.Errorf("rows = %v", rows)
	}
	wantCols := []int32{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 539, 540, 541, 23867}
	if !slices.Equal(cols[:15], wantCols) || !slices.Equal(cols[15:30], wantCols) || cols[61] != 23868 {
		t.Errorf("cols = %v", cols)
	}

	// Varied cameras, points and shuffled observations against the oracle
	// (finite differences for the blocks, exact structure), and the blocks
	// against finite differences of BAObjective itself.
	for _, c := range []struct{ n, m, p int }{{1, 1, 1}, {2, 3, 5}, {3, 4, 9}, {7, 20, 60}} {
		b := oracle.GenBAVaried(c.n, c.m, c.p)
		if c.p == 9 {
			copy(b.Cams[11:14], []float64{0, 0, 0}) // one camera without rotation
		}
		in := baFromOracle(b)
		name := fmt.Sprintf("n=%d m=%d p=%d", c.n, c.m, c.p)
		reproj, werr := make([]float64, 2*c.p), make([]float64, c.p)
		BAObjective(in, reproj, werr)
		wr, ww := oracle.BAObjective(b)
		checkSlice(t, "reproj "+name, reproj, wr, 1e-12)
		checkSlice(t, "w_err "+name, werr, ww, 1e-14)
		rows, cols, vals := make([]int32, 3*c.p+1), make([]int32, 31*c.p), make([]float64, 31*c.p)
		BAJacobian(in, rows, cols, vals)
		or, oc, ov := oracle.BAJacobian(b)
		if !slices.Equal(rows, or) || !slices.Equal(cols, oc) {
			t.Errorf("%s: CSR structure differs from the oracle's", name)
		}
		checkSlice(t, "vals "+name, vals, ov, 1e-6)
		noAllocs(t, "ba "+name, func() { BAObjective(in, reproj, werr); BAJacobian(in, rows, cols, vals) })
	}
}

// TestBABlockFiniteDifferences checks each block against central
// differences of the tuned objective, including a camera whose rotation is
// zero (the other branch of the rotation) and one near it.
func TestBABlockFiniteDifferences(t *testing.T) {
	base := oracle.GenBAVaried(1, 1, 1)
	for _, rot := range [][3]float64{{0.3, -0.2, 0.1}, {1e-3, 2e-3, -1e-3}, {0, 0, 0}} {
		var cam [11]float64
		copy(cam[:], base.Cams)
		copy(cam[:3], rot[:])
		x, w, feat := base.X, base.W[0], base.Feats
		var jac [30]float64
		baBlock(&cam, x[0], x[1], x[2], w, feat[0], feat[1], &jac)
		vars := append(append(append([]float64(nil), cam[:]...), x...), w)
		for row := range 2 {
			f := func(v []float64) float64 {
				var c [11]float64
				copy(c[:], v[:11])
				p0, p1 := baProject(&c, v[11], v[12], v[13])
				if row == 0 {
					return v[14] * (p0 - feat[0])
				}
				return v[14] * (p1 - feat[1])
			}
			fd := centralDiff(f, vars)
			if rot == [3]float64{} {
				// Central differences of r straddle the branch; the
				// derivative at r = 0 is still the limit of the other one.
				checkSlice(t, fmt.Sprintf("rotation %v row %d", rot, row), jac[15*row:15*row+15], fd, 1e-4)
				continue
			}
			checkSlice(t, fmt.Sprintf("rotation %v row %d", rot, row), jac[15*row:15*row+15], fd, 1e-6)
		}
	}
}

// TestHTSmallModel checks a model of fewer bones than the hand's 22 (the
// parameters of the missing fingers move nothing) against central
// differences of the tuned objective.
func TestHTSmallModel(t *testing.T) {
	for _, complicated := range []bool{false, true} {
		o := oracle.GenHT(30, 6, 7, complicated)
		in := htFromOracle(o)
		nb := 8 // the wrist, the thumb and the first bones of the index finger
		in.B, in.Parents = nb, in.Parents[:nb]
		in.BaseRel, in.InvAbs = in.BaseRel[:16*nb], in.InvAbs[:16*nb]
		in.Weights = in.Weights[:nb*in.V]
		for v := range in.V { // move the weights of the missing bones onto bone 7
			for b := nb; b < o.Model.B; b++ {
				in.Weights[7*in.V+v] += o.Model.Weights[v*o.Model.B+b]
			}
		}
		n, nc := in.N, 26
		if complicated {
			nc = 28
		}
		jac := make([]float64, nc*3*n)
		// Work memory that the full model filled first must not leak into
		// the columns of the missing bones.
		var w HTWork
		HTJacobian(htFromOracle(o), &w, jac)
		HTJacobian(in, &w, jac)
		e := make([]float64, 3*n)
		for r := range 3 * n {
			f := func(v []float64) float64 {
				saved := in.Theta
				in.Theta = v[:26]
				defer func() { in.Theta = saved }()
				if complicated {
					savedUs := in.Us
					in.Us = append([]float64(nil), savedUs...)
					in.Us[2*(r/3)], in.Us[2*(r/3)+1] = v[26], v[27]
					defer func() { in.Us = savedUs }()
				}
				HTObjective(in, &w, e)
				return e[r]
			}
			vars := append([]float64(nil), in.Theta...)
			if complicated {
				vars = append(vars, in.Us[2*(r/3)], in.Us[2*(r/3)+1])
			}
			fd := centralDiff(f, vars)
			row := make([]float64, len(vars))
			for c := range 26 {
				row[c] = jac[r*nc+nc-26+c]
			}
			if complicated {
				row[26], row[27] = jac[r*nc], jac[r*nc+1]
			}
			checkSlice(t, fmt.Sprintf("complicated=%v row %d", complicated, r), row, fd, 1e-6)
			for c := 6 + 4*2; c < 26; c++ { // fingers 2…4 have no bones here
				if row[c] != 0 {
					t.Errorf("complicated=%v row %d: column θ_%d = %v, want 0", complicated, r, c, row[c])
				}
			}
		}
	}
}

// htFromOracle lays an oracle problem out as ht.fut takes it.
func htFromOracle(o oracle.HTInput) *HTInput {
	m := o.Model
	in := &HTInput{B: m.B, V: m.V, T: len(m.Triangles), N: len(o.Corr), Mirrored: m.Mirrored,
		Theta: append([]float64(nil), o.Theta[:]...), Us: o.Us}
	for _, p := range m.Parents {
		in.Parents = append(in.Parents, int32(p))
	}
	for b := range m.B {
		in.BaseRel = append(in.BaseRel, m.BaseRel[b][:]...)
		in.InvAbs = append(in.InvAbs, m.InvAbs[b][:]...)
	}
	in.Weights = make([]float64, m.B*m.V)
	in.BasePos = make([]float64, 4*m.V)
	for v := range m.V {
		for b := range m.B {
			in.Weights[b*m.V+v] = m.Weights[v*m.B+b]
		}
		for k := range 4 {
			in.BasePos[k*m.V+v] = m.BasePos[4*v+k]
		}
	}
	for _, tr := range m.Triangles {
		in.Triangles = append(in.Triangles, int32(tr[0]), int32(tr[1]), int32(tr[2]))
	}
	in.Points = make([]float64, 3*in.N)
	for i, c := range o.Corr {
		in.Corr = append(in.Corr, int32(c))
		for j := range 3 {
			in.Points[j*in.N+i] = o.Points[3*i+j]
		}
	}
	return in
}

// htSpec is GradBench's synthetic test model (as in the oracle's tests).
func htSpec(complicated bool) oracle.HTInput {
	b := 22
	parents := []int{-1, 0, 1, 2, 3, 0, 5, 6, 7, 0, 9, 10, 11, 0, 13, 14, 15, 0, 17, 18, 19, 0}
	m := oracle.HTModel{B: b, V: 3, Parents: parents, BaseRel: make([][16]float64, b), InvAbs: make([][16]float64, b),
		BasePos: []float64{0.3, 0.5, -0.2, 1, -0.4, 0.1, 0.6, 1, 0.2, -0.3, 0.4, 1},
		Weights: make([]float64, 3*b), Triangles: [][3]int{{0, 1, 2}}}
	for k := range b {
		m.BaseRel[k] = [16]float64{1, 0, 0, 0.1 * float64(k%3), 0, 1, 0, 0.2, 0, 0, 1, -0.1, 0, 0, 0, 1}
		m.InvAbs[k] = [16]float64{1, 0, 0, -0.05, 0, 1, 0, 0, 0, 0, 1, 0.1, 0, 0, 0, 1}
	}
	m.Weights[0*b+4] = 1
	m.Weights[1*b+8] = 0.75
	m.Weights[1*b+6] = 0.25
	m.Weights[2*b+12] = 0.5
	m.Weights[2*b+0] = 0.5
	in := oracle.HTInput{Model: m, Points: []float64{1, 1, 1, 0.5, 0, -0.5}}
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

func TestHT(t *testing.T) {
	var w HTWork
	simple, complicated := htFromOracle(htSpec(false)), htFromOracle(htSpec(true))
	e := make([]float64, 6)
	HTObjective(simple, &w, e)
	checkSlice(t, "simple objective", e, []float64{0.3866462668113232, -1.2753753126129936,
		0.41458210554132435, -0.1957280111027777, -0.9765822142596956, -1.2324610492575743}, 1e-14)
	jac := make([]float64, 26*6)
	HTJacobian(simple, &w, jac)
	want := make([]float64, 26)
	copy(want, []float64{0.190518913858, 0.17884487293, 1.65471085292, -1, 0, 0, 0.184099506486, 0.967054346561, 0.111646490114, 0.049663087892})
	checkSlice(t, "simple jacobian row 0", jac[:26], want, 1e-11)
	HTObjective(complicated, &w, e)
	checkSlice(t, "complicated objective", e, []float64{0.4281798680354564, -0.24389653259878186,
		0.2354472186898472, -0.1104924365025125, -1.7583766394944833, -1.1647352773823545}, 1e-14)
	jac = make([]float64, 28*6)
	HTJacobian(complicated, &w, jac)
	want = make([]float64, 28)
	copy(want, []float64{0.082374277914, 0.358110078518, 0.057482157829,
		-0.03805748147, 0.642399346549, -1, 0, 0, 0.036819901297,
		0.193410869312, 0.022329298023, 0.009932617578, -0.091436147878,
		-0.059988585724, -0.075478755531, -0.080607331146, 0.032910202032,
		0.049802554003, 0.022273572587, 0.034007916615})
	checkSlice(t, "complicated jacobian row 0", jac[:28], want, 1e-11)

	// Generated hands against the oracle (whose θ columns are central
	// differences), mirrored or not, with more vertices than one chunk.
	for _, c := range []struct {
		v, tr, n    int
		complicated bool
		mirrored    bool
		theta0      bool
	}{{12, 5, 4, false, true, false}, {12, 5, 4, true, false, false}, {600, 50, 300, true, false, false},
		{600, 50, 300, false, false, true}, {3, 1, 1, true, true, true}} {
		o := oracle.GenHT(c.v, c.tr, c.n, c.complicated)
		o.Model.Mirrored = c.mirrored
		if c.theta0 {
			o.Theta[0], o.Theta[1], o.Theta[2] = 0, 0, 0 // the global rotation's identity branch
		}
		in := htFromOracle(o)
		name := fmt.Sprintf("v=%d t=%d n=%d complicated=%v mirrored=%v", c.v, c.tr, c.n, c.complicated, c.mirrored)
		e := make([]float64, 3*c.n)
		HTObjective(in, &w, e)
		checkSlice(t, "objective "+name, e, oracle.HTObjective(o), 1e-12)
		wantJ, nc := oracle.HTJacobian(o)
		jac := make([]float64, nc*3*c.n)
		HTJacobian(in, &w, jac)
		if c.theta0 {
			// At θ_0…2 = 0 the rotation columns are the identity branch's
			// (zero), which central differences straddling it do not see.
			for r := range 3 * c.n {
				for k := range 3 {
					wantJ[r*nc+nc-26+k] = 0
				}
			}
		}
		checkSlice(t, "jacobian "+name, jac, wantJ, 1e-6)
		noAllocs(t, "ht "+name, func() { HTObjective(in, &w, e); HTJacobian(in, &w, jac) })
	}
}
