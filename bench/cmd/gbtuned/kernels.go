package main

import (
	"github.com/fluxion-lang/fluxion/bench/tuned"
	"github.com/fluxion-lang/fluxion/internal/values"
)

// kernels maps each module and entry point of bench/<module>/<module>.fut
// to the tuned kernel that computes it, with the same arguments and
// results.
var kernels = map[string]map[string]prepareFunc{
	"lse":    {"primal": lsePrimal, "gradient": lseGradient},
	"llsq":   {"primal": llsqPrimal, "gradient": llsqGradient},
	"ode":    {"primal": odePrimal, "gradient": odeGradient},
	"det":    {"primal": detPrimal, "gradient": detGradient},
	"kmeans": {"cost": kmeansCost, "dir": kmeansDir},
	"gmm":    {"objective": gmmObjective, "jacobian": gmmJacobian},
	"lstm":   {"objective": lstmObjective, "jacobian": lstmJacobian},
	"ba":     {"objective": baObjective, "jacobian": baJacobian},
	"ht":     {"objective": htObjective, "jacobian": htJacobian},
}

// scalarCall runs a kernel that returns one f64.
func scalarCall(f func() float64) *call {
	var r float64
	return &call{run: func() { r = f() }, results: func() []values.Value { return []values.Value{f64Value(r)} }}
}

// vectorCall runs a kernel that writes out, returned with shape.
func vectorCall(out []float64, f func(), shape ...int) *call {
	return &call{run: f, results: func() []values.Value { return []values.Value{f64Array(out, shape...)} }}
}

// lse: primal (x: [n]f64) : f64, gradient : [n]f64.
func lseArgs(a *args) []float64 {
	x, s := a.f64s("x", 1)
	a.positive("x", s[0])
	return x
}

func lsePrimal(a *args) (*call, error) {
	x := lseArgs(a)
	if a.err != nil {
		return nil, a.err
	}
	return scalarCall(func() float64 { return tuned.LSEPrimal(x) }), nil
}

func lseGradient(a *args) (*call, error) {
	x := lseArgs(a)
	if a.err != nil {
		return nil, a.err
	}
	g := make([]float64, len(x))
	return vectorCall(g, func() { tuned.LSEGradient(x, g) }, len(x)), nil
}

// llsq: primal (x: [m]f64) (n: i64) : f64, gradient : [m]f64.
func llsqArgs(a *args) ([]float64, int) {
	x, _ := a.f64s("x", 1)
	n := a.i64("n")
	if a.err == nil && (n < 2 || n > 1<<40) {
		a.failf("n must be at least 2, got %d", n)
	}
	return x, int(n)
}

func llsqPrimal(a *args) (*call, error) {
	x, n := llsqArgs(a)
	if a.err != nil {
		return nil, a.err
	}
	return scalarCall(func() float64 { return tuned.LLSQPrimal(x, n) }), nil
}

func llsqGradient(a *args) (*call, error) {
	x, n := llsqArgs(a)
	if a.err != nil {
		return nil, a.err
	}
	g := make([]float64, len(x))
	return vectorCall(g, func() { tuned.LLSQGradient(x, n, g) }, len(x)), nil
}

// ode: primal (x: [n]f64) (s: i64) : [n]f64, gradient : [n]f64.
func odeArgs(a *args) ([]float64, int) {
	x, sh := a.f64s("x", 1)
	a.positive("x", sh[0])
	s := a.i64("s")
	if a.err == nil && (s < 1 || s > 1<<30 || s*int64(len(x)) > 1<<32) {
		a.failf("s must be from 1 to 2^30 with s·n ≤ 2^32, got s = %d", s)
	}
	return x, int(s)
}

func odePrimal(a *args) (*call, error) {
	x, s := odeArgs(a)
	if a.err != nil {
		return nil, a.err
	}
	y := make([]float64, len(x))
	return vectorCall(y, func() { tuned.ODEPrimal(x, s, y) }, len(x)), nil
}

func odeGradient(a *args) (*call, error) {
	x, s := odeArgs(a)
	if a.err != nil {
		return nil, a.err
	}
	g := make([]float64, len(x))
	var w tuned.ODEWork
	return vectorCall(g, func() { tuned.ODEGradient(x, s, g, &w) }, len(x)), nil
}

// det: primal (ell: i64) (a: [ell*ell]f64) : f64, gradient : [ell*ell]f64.
func detArgs(a *args) (int, []float64) {
	ell := a.i64("ell")
	m, _ := a.f64s("A", 1)
	if a.err == nil && (ell < 1 || ell > 20 || int64(len(m)) != ell*ell) {
		a.failf("ell must be from 1 to 20 and A must have ell² elements, got ell = %d and %d elements", ell, len(m))
	}
	return int(ell), m
}

func detPrimal(a *args) (*call, error) {
	ell, m := detArgs(a)
	if a.err != nil {
		return nil, a.err
	}
	return scalarCall(func() float64 { return tuned.DetPrimal(m, ell) }), nil
}

func detGradient(a *args) (*call, error) {
	ell, m := detArgs(a)
	if a.err != nil {
		return nil, a.err
	}
	g := make([]float64, len(m))
	return vectorCall(g, func() { tuned.DetGradient(m, ell, g) }, len(m)), nil
}

// kmeans: cost (points: [n][d]f64) (centroids: [k][d]f64) : f64, dir : [k][d]f64.
func kmeansArgs(a *args) (points, centroids []float64, k, d int) {
	points, ps := a.f64s("points", 2)
	centroids, cs := a.f64s("centroids", 2)
	a.positive("points", ps...)
	a.positive("centroids", cs[0])
	a.shape("centroids", cs, cs[0], ps[1])
	return points, centroids, cs[0], ps[1]
}

func kmeansCost(a *args) (*call, error) {
	points, centroids, _, d := kmeansArgs(a)
	if a.err != nil {
		return nil, a.err
	}
	return scalarCall(func() float64 { return tuned.KMeansCost(points, centroids, d) }), nil
}

func kmeansDir(a *args) (*call, error) {
	points, centroids, k, d := kmeansArgs(a)
	if a.err != nil {
		return nil, a.err
	}
	dir := make([]float64, k*d)
	var w tuned.KMeansWork
	return vectorCall(dir, func() { tuned.KMeansDir(points, centroids, d, dir, &w) }, k, d), nil
}

// gmm: objective alpha mu q l x gamma m : f64; jacobian : the gradients
// of alpha, mu, q and l.
func gmmArgs(a *args) *tuned.GMMInput {
	alpha, as := a.f64s("alpha", 1)
	mu, ms := a.f64s("mu", 2)
	q, qs := a.f64s("q", 2)
	l, ls := a.f64s("l", 2)
	x, xs := a.f64s("x", 2)
	gamma := a.f64("gamma")
	m := a.i64("m")
	k, d := as[0], ms[1]
	a.positive("alpha, mu and x", k, d, xs[0])
	a.shape("mu", ms, k, d)
	a.shape("q", qs, k, d)
	a.shape("l", ls, k, d*(d-1)/2)
	a.shape("x", xs, xs[0], d)
	if a.err == nil && (m < 0 || m > 1<<20) {
		a.failf("m must be from 0 to 2^20, got %d", m)
	}
	return &tuned.GMMInput{D: d, K: k, N: xs[0], Alpha: alpha, Mu: mu, Q: q, L: l, X: x, Gamma: gamma, M: int(m)}
}

func gmmObjective(a *args) (*call, error) {
	in := gmmArgs(a)
	if a.err != nil {
		return nil, a.err
	}
	var w tuned.GMMWork
	return scalarCall(func() float64 { return tuned.GMMObjective(in, &w) }), nil
}

func gmmJacobian(a *args) (*call, error) {
	in := gmmArgs(a)
	if a.err != nil {
		return nil, a.err
	}
	d, k, t := in.D, in.K, in.D*(in.D-1)/2
	ga, gm, gq, gl := make([]float64, k), make([]float64, k*d), make([]float64, k*d), make([]float64, k*t)
	var w tuned.GMMWork
	return &call{
		run: func() { tuned.GMMGradient(in, &w, ga, gm, gq, gl) },
		results: func() []values.Value {
			return []values.Value{f64Array(ga, k), f64Array(gm, k, d), f64Array(gq, k, d), f64Array(gl, k, t)}
		},
	}, nil
}

// lstm: objective main extra state sequence : f64; jacobian : [8lb+3b]f64.
func lstmArgs(a *args) *tuned.LSTMInput {
	main, ms := a.f64s("main_params", 2)
	extra, es := a.f64s("extra_params", 2)
	state, ss := a.f64s("state", 2)
	seq, qs := a.f64s("sequence", 2)
	l2, b := ms[0], es[1]
	a.positive("main_params and extra_params", l2, b)
	if a.err == nil && l2%2 != 0 {
		a.failf("main_params has %d rows, expected an even number", l2)
	}
	a.shape("main_params", ms, l2, 4*b)
	a.shape("extra_params", es, 3, b)
	a.shape("state", ss, l2, b)
	a.shape("sequence", qs, qs[0], b)
	if a.err == nil && qs[0] < 2 {
		a.failf("the sequence needs at least 2 steps, got %d", qs[0])
	}
	return &tuned.LSTMInput{L: l2 / 2, B: b, C: qs[0], Main: main, Extra: extra, State: state, Seq: seq}
}

func lstmObjective(a *args) (*call, error) {
	in := lstmArgs(a)
	if a.err != nil {
		return nil, a.err
	}
	var w tuned.LSTMWork
	return scalarCall(func() float64 { return tuned.LSTMObjective(in, &w) }), nil
}

func lstmJacobian(a *args) (*call, error) {
	in := lstmArgs(a)
	if a.err != nil {
		return nil, a.err
	}
	g := make([]float64, 8*in.L*in.B+3*in.B)
	var w tuned.LSTMWork
	return vectorCall(g, func() { tuned.LSTMGradient(in, &w, g) }, len(g)), nil
}

// ba: objective cams xs ws obs feats : ([p][2]f64, [p]f64); jacobian :
// (rows, cols, vals) in CSR.
func baArgs(a *args) *tuned.BAInput {
	cams, cs := a.f64s("cams", 2)
	xs, xss := a.f64s("points", 2)
	ws, wss := a.f64s("weights", 1)
	obs, os := a.i32s("observations", 2)
	feats, fs := a.f64s("features", 2)
	n, m, p := cs[0], xss[0], wss[0]
	a.positive("cams, points and weights", n, m, p)
	a.shape("cams", cs, n, 11)
	a.shape("points", xss, m, 3)
	a.shape("observations", os, p, 2)
	a.shape("features", fs, p, 2)
	if a.err == nil && 31*p > 1<<31-1 {
		a.failf("p = %d is too large for i32 CSR indices", p)
	}
	if a.err == nil {
		for i := range p {
			if c, j := obs[2*i], obs[2*i+1]; c < 0 || int(c) >= n || j < 0 || int(j) >= m {
				a.failf("observation %d = (%d, %d) is out of range for %d cameras and %d points", i, c, j, n, m)
				break
			}
		}
	}
	return &tuned.BAInput{N: n, M: m, P: p, Cams: cams, X: xs, W: ws, Obs: obs, Feats: feats}
}

func baObjective(a *args) (*call, error) {
	in := baArgs(a)
	if a.err != nil {
		return nil, a.err
	}
	reproj, werr := make([]float64, 2*in.P), make([]float64, in.P)
	return &call{
		run:     func() { tuned.BAObjective(in, reproj, werr) },
		results: func() []values.Value { return []values.Value{f64Array(reproj, in.P, 2), f64Array(werr, in.P)} },
	}, nil
}

func baJacobian(a *args) (*call, error) {
	in := baArgs(a)
	if a.err != nil {
		return nil, a.err
	}
	p := in.P
	rows, cols, vals := make([]int32, 3*p+1), make([]int32, 31*p), make([]float64, 31*p)
	return &call{
		run: func() { tuned.BAJacobian(in, rows, cols, vals) },
		results: func() []values.Value {
			return []values.Value{i32Array(rows, 3*p+1), i32Array(cols, 31*p), f64Array(vals, 31*p)}
		},
	}, nil
}

// ht: objective parents base_rel inv_abs weights base_pos triangles
// is_mirrored correspondences points theta us : [n][3]f64; jacobian :
// [3n][ncols]f64.
func htArgs(a *args) *tuned.HTInput {
	parents, ps := a.i32s("parents", 1)
	rel, rs := a.f64s("base_relatives", 3)
	inv, is := a.f64s("inverse_base_absolutes", 3)
	weights, ws := a.f64s("weights", 2)
	basePos, bs := a.f64s("base_positions", 2)
	tris, ts := a.i32s("triangles", 2)
	mirrored := a.boolean("is_mirrored")
	corr, cs := a.i32s("correspondences", 1)
	points, pts := a.f64s("points", 2)
	theta, ths := a.f64s("theta", 1)
	us, uss := a.f64s("us", 1)
	nb, nv, nt, n := ps[0], ws[1], ts[0], cs[0]
	a.positive("parents, weights and correspondences", nb, nv, n)
	a.shape("base_relatives", rs, nb, 4, 4)
	a.shape("inverse_base_absolutes", is, nb, 4, 4)
	a.shape("weights", ws, nb, nv)
	a.shape("base_positions", bs, 4, nv)
	a.shape("triangles", ts, nt, 3)
	a.shape("points", pts, 3, n)
	a.shape("theta", ths, 26)
	if a.err == nil && uss[0] != 0 && uss[0] != 2*n {
		a.failf("us has %d elements, expected 0 or %d", uss[0], 2*n)
	}
	if a.err == nil {
		for b, p := range parents {
			if p < -1 || int(p) >= b {
				a.failf("parents[%d] = %d is not -1 or an earlier bone", b, p)
				break
			}
		}
	}
	a.indices("triangles", tris, nv)
	if uss[0] == 0 {
		a.indices("correspondences", corr, nv)
	} else {
		a.indices("correspondences", corr, nt)
	}
	return &tuned.HTInput{B: nb, V: nv, T: nt, N: n, Parents: parents, BaseRel: rel, InvAbs: inv, Weights: weights,
		BasePos: basePos, Triangles: tris, Mirrored: mirrored, Corr: corr, Points: points, Theta: theta, Us: us}
}

func htObjective(a *args) (*call, error) {
	in := htArgs(a)
	if a.err != nil {
		return nil, a.err
	}
	out := make([]float64, 3*in.N)
	var w tuned.HTWork
	return vectorCall(out, func() { tuned.HTObjective(in, &w, out) }, in.N, 3), nil
}

func htJacobian(a *args) (*call, error) {
	in := htArgs(a)
	if a.err != nil {
		return nil, a.err
	}
	nc := 26
	if len(in.Us) != 0 {
		nc = 28
	}
	jac := make([]float64, nc*3*in.N)
	var w tuned.HTWork
	return vectorCall(jac, func() { tuned.HTJacobian(in, &w, jac) }, 3*in.N, nc), nil
}
