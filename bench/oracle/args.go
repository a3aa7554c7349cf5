package oracle

import (
	"github.com/fluxion-lang/fluxion/internal/prim"
	"github.com/fluxion-lang/fluxion/internal/values"
)

// The Args methods lay each input out as the arguments of its program's
// entry points, so tests and the data generator share one layout.

func f64Array(data []float64, shape ...int64) values.Value {
	v, err := values.FromData(prim.F64, shape, append([]float64(nil), data...))
	if err != nil {
		panic(err) // shapes are built from the data's own sizes
	}
	return v
}

func i32Array(data []int32, shape ...int64) values.Value {
	v, err := values.FromData(prim.I32, shape, append([]int32(nil), data...))
	if err != nil {
		panic(err)
	}
	return v
}

func f64Scalar(x float64) values.Value { return values.Scalar(prim.FloatValue(prim.F64, x)) }

func i64Scalar(x int64) values.Value { return values.Scalar(prim.IntValue(prim.I64, x)) }

// Args: alpha, mu, q, l, x, gamma, m.
func (in GMMInput) Args() []values.Value {
	d, k, n, t := int64(in.D), int64(in.K), int64(in.N), int64(in.D*(in.D-1)/2)
	return []values.Value{
		f64Array(in.Alpha, k), f64Array(in.Mu, k, d), f64Array(in.Q, k, d), f64Array(in.L, k, t),
		f64Array(in.X, n, d), f64Scalar(in.Gamma), i64Scalar(int64(in.M)),
	}
}

// Args: points, centroids.
func (in KMeansInput) Args() []values.Value {
	return []values.Value{f64Array(in.Points, int64(in.N), int64(in.D)), f64Array(in.Centroids, int64(in.K), int64(in.D))}
}

// Args: main_params, extra_params, state, sequence.
func (in LSTMInput) Args() []values.Value {
	l, b, c := int64(in.L), int64(in.B), int64(in.C)
	return []values.Value{f64Array(in.Main, 2*l, 4*b), f64Array(in.Extra, 3, b), f64Array(in.State, 2*l, b), f64Array(in.Seq, c, b)}
}

// Args: cams, points, weights, observations (i32 pairs), features.
func (b BAProblem) Args() []values.Value {
	n, m, p := int64(b.N), int64(b.M), int64(b.P)
	return []values.Value{f64Array(b.Cams, n, 11), f64Array(b.X, m, 3), f64Array(b.W, p), i32Array(b.Obs, p, 2), f64Array(b.Feats, p, 2)}
}

// Args, as GradBench's Futhark tool passes them: parents, base_relatives,
// inverse_base_absolutes, weights [B][V], base_positions [4][V], triangles,
// is_mirrored, correspondences, points [3][N], theta, us flattened.
func (in HTInput) Args() []values.Value {
	m := in.Model
	b, v, n := int64(m.B), int64(m.V), int64(len(in.Corr))
	parents := make([]int32, m.B)
	for i, p := range m.Parents {
		parents[i] = int32(p)
	}
	var rel, inv []float64
	for k := range m.B {
		rel = append(rel, m.BaseRel[k][:]...)
		inv = append(inv, m.InvAbs[k][:]...)
	}
	wT := make([]float64, m.B*m.V)
	bpT := make([]float64, 4*m.V)
	for i := range m.V {
		for k := range m.B {
			wT[k*m.V+i] = m.Weights[i*m.B+k]
		}
		for k := range 4 {
			bpT[k*m.V+i] = m.BasePos[4*i+k]
		}
	}
	tris := make([]int32, 0, 3*len(m.Triangles))
	for _, tr := range m.Triangles {
		tris = append(tris, int32(tr[0]), int32(tr[1]), int32(tr[2]))
	}
	corr := make([]int32, n)
	ptsT := make([]float64, 3*n)
	for i, c := range in.Corr {
		corr[i] = int32(c)
		for j := range 3 {
			ptsT[j*int(n)+i] = in.Points[3*i+j]
		}
	}
	return []values.Value{
		i32Array(parents, b), f64Array(rel, b, 4, 4), f64Array(inv, b, 4, 4), f64Array(wT, b, v), f64Array(bpT, 4, v),
		i32Array(tris, int64(len(m.Triangles)), 3), values.Scalar(prim.BoolValue(m.Mirrored)), i32Array(corr, n),
		f64Array(ptsT, 3, n), f64Array(in.Theta[:], 26), f64Array(in.Us, int64(len(in.Us))),
	}
}
