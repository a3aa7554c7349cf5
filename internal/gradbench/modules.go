package gradbench

import (
	_ "embed"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strconv"

	"github.com/fluxion-lang/fluxion/internal/prim"
	"github.com/fluxion-lang/fluxion/internal/values"
)

// Module is a GradBench module served by one Fluxion program.
type Module struct {
	Name string
	// Path is the program's main file, relative to the source root unless
	// absolute; unused when Source is set.
	Path string
	// Source is the text of a program built into the tool.
	Source []byte
	// Functions maps GradBench function names to entry points.
	Functions map[string]Function
}

// Function maps one GradBench function to an entry point: Input converts
// the eval's JSON input to the entry point's arguments, and Output converts
// its results to the JSON output the eval checks.
type Function struct {
	Entry  string
	Input  func(json.RawMessage) ([]values.Value, error)
	Output func([]values.Value) ([]byte, error)
}

//go:embed modules/hello.fut
var helloSource []byte

// programPath returns the path of the module's program, writing a built-in
// program to a temporary file (removed by cleanup) since backends compile files.
func (m *Module) programPath(root string) (path string, cleanup func(), err error) {
	cleanup = func() {}
	if m.Source != nil {
		dir, err := os.MkdirTemp("", "fluxion-gradbench-")
		if err != nil {
			return "", cleanup, err
		}
		path = filepath.Join(dir, m.Name+".fut")
		if err := os.WriteFile(path, m.Source, 0o644); err != nil {
			os.RemoveAll(dir)
			return "", cleanup, err
		}
		return path, func() { os.RemoveAll(dir) }, nil
	}
	path = filepath.FromSlash(m.Path)
	if !filepath.IsAbs(path) {
		if root == "" {
			return "", cleanup, fmt.Errorf("module %s has no Fluxion program: cannot find the Fluxion source tree (bench/)", m.Name)
		}
		path = filepath.Join(root, path)
	}
	if !isFile(path) {
		return "", cleanup, fmt.Errorf("module %s has no Fluxion program yet (no %s)", m.Name, path)
	}
	return path, cleanup, nil
}

// Registry returns the modules of all twelve GradBench evals (§2).
func Registry() map[string]*Module {
	mods := map[string]*Module{}
	add := func(name string, fns map[string]Function) {
		mods[name] = &Module{Name: name, Path: "bench/" + name + "/" + name + ".fut", Functions: fns}
	}
	mods["hello"] = &Module{Name: "hello", Source: helloSource, Functions: map[string]Function{
		"square": {Entry: "square", Input: helloInput, Output: numberOutput},
		"double": {Entry: "double", Input: helloInput, Output: numberOutput},
	}}
	add("gmm", map[string]Function{
		"objective": {Entry: "objective", Input: gmmInput, Output: numberOutput},
		"jacobian":  {Entry: "jacobian", Input: gmmInput, Output: gmmJacobianOutput},
	})
	add("ba", map[string]Function{
		"objective": {Entry: "objective", Input: baInput, Output: baObjectiveOutput},
		"jacobian":  {Entry: "jacobian", Input: baInput, Output: baJacobianOutput},
	})
	add("ht", map[string]Function{
		"objective": {Entry: "objective", Input: htInput, Output: htObjectiveOutput},
		"jacobian":  {Entry: "jacobian", Input: htInput, Output: htJacobianOutput},
	})
	add("lstm", map[string]Function{
		"objective": {Entry: "objective", Input: lstmInput, Output: numberOutput},
		"jacobian":  {Entry: "jacobian", Input: lstmInput, Output: flatOutput},
	})
	add("kmeans", map[string]Function{
		"cost": {Entry: "cost", Input: kmeansInput, Output: numberOutput},
		"dir":  {Entry: "dir", Input: kmeansInput, Output: kmeansDirOutput},
	})
	add("lse", map[string]Function{
		"primal":   {Entry: "primal", Input: lseInput, Output: numberOutput},
		"gradient": {Entry: "gradient", Input: lseInput, Output: flatOutput},
	})
	add("llsq", map[string]Function{
		"primal":   {Entry: "primal", Input: llsqInput, Output: numberOutput},
		"gradient": {Entry: "gradient", Input: llsqInput, Output: flatOutput},
	})
	add("ode", map[string]Function{
		"primal":   {Entry: "primal", Input: odeInput, Output: flatOutput},
		"gradient": {Entry: "gradient", Input: odeInput, Output: flatOutput},
	})
	add("det", map[string]Function{
		"primal":   {Entry: "primal", Input: detInput, Output: numberOutput},
		"gradient": {Entry: "gradient", Input: detInput, Output: flatOutput},
	})
	nested := map[string]Function{}
	for _, v := range []string{"rr", "ff", "fr", "rf"} {
		nested[v] = Function{Entry: v, Input: particleInput, Output: numberOutput}
	}
	add("particle", nested)
	nested = map[string]Function{}
	for _, v := range []string{"rr", "ff", "fr", "rf"} {
		nested[v] = Function{Entry: v, Input: saddleInput, Output: saddleOutput}
	}
	add("saddle", nested)
	return mods
}

// numberOutput encodes a single f64 result as a bare number.
func numberOutput(res []values.Value) ([]byte, error) {
	if err := checkResults(res, 1); err != nil {
		return nil, err
	}
	return number("result", res[0])
}

// flatOutput encodes a single f64 array result as a flat list.
func flatOutput(res []values.Value) ([]byte, error) {
	if err := checkResults(res, 1); err != nil {
		return nil, err
	}
	if res[0].IsScalar() {
		return nil, fmt.Errorf("result: expected an array, got %s", res[0].TypeString())
	}
	return flat("result", res[0], -1)
}

// hello (§2.1): a bare number in, a bare number out.
func helloInput(raw json.RawMessage) ([]values.Value, error) {
	var x *float64
	if err := json.Unmarshal(raw, &x); err != nil || x == nil {
		if err == nil {
			return nil, fmt.Errorf("expected a number, got null")
		}
		return nil, fmt.Errorf("expected a number: %v", err)
	}
	return []values.Value{f64(*x)}, nil
}

// gmm (§2.2): objective alpha mu q l x gamma m.
type gmmIn struct {
	D, K, N *int64
	X       [][]float64 `json:"x"`
	M       *int64      `json:"m"`
	Gamma   *float64    `json:"gamma"`
	Alpha   []float64   `json:"alpha"`
	Mu      [][]float64 `json:"mu"`
	Q       [][]float64 `json:"q"`
	L       [][]float64 `json:"l"`
}

func gmmInput(raw json.RawMessage) ([]values.Value, error) {
	var in gmmIn
	if err := decodeObject(raw, &in); err != nil {
		return nil, err
	}
	if in.M == nil || in.Gamma == nil {
		return nil, fmt.Errorf("missing m or gamma")
	}
	alpha, err := vector("alpha", in.Alpha, -1)
	if err != nil {
		return nil, err
	}
	k := len(in.Alpha)
	if in.X == nil || len(in.X) == 0 {
		return nil, fmt.Errorf("missing x or no points")
	}
	d := len(in.X[0])
	if in.D != nil && *in.D != int64(d) {
		return nil, fmt.Errorf("d = %d but the points have %d coordinates", *in.D, d)
	}
	if in.K != nil && *in.K != int64(k) {
		return nil, fmt.Errorf("k = %d but alpha has %d elements", *in.K, k)
	}
	if in.N != nil && *in.N != int64(len(in.X)) {
		return nil, fmt.Errorf("n = %d but x has %d points", *in.N, len(in.X))
	}
	x, err := matrix("x", in.X, -1, d)
	if err != nil {
		return nil, err
	}
	mu, err := matrix("mu", in.Mu, k, d)
	if err != nil {
		return nil, err
	}
	q, err := matrix("q", in.Q, k, d)
	if err != nil {
		return nil, err
	}
	l, err := matrix("l", in.L, k, d*(d-1)/2)
	if err != nil {
		return nil, err
	}
	return []values.Value{alpha, mu, q, l, x, f64(*in.Gamma), i64(*in.M)}, nil
}

func gmmJacobianOutput(res []values.Value) ([]byte, error) {
	if err := checkResults(res, 4); err != nil {
		return nil, err
	}
	if res[0].Rank() != 1 || res[1].Rank() != 2 || res[3].Rank() != 2 {
		return nil, fmt.Errorf("gradients have ranks %d, %d, %d, %d; expected 1, 2, 2, 2",
			res[0].Rank(), res[1].Rank(), res[2].Rank(), res[3].Rank())
	}
	k, d, t := res[0].Shape()[0], res[1].Shape()[1], res[3].Shape()[1]
	b := []byte(`{"alpha":`)
	part, err := nested("alpha", res[0], k)
	if err != nil {
		return nil, err
	}
	b = append(b, part...)
	for i, key := range []string{"mu", "q", "l"} {
		cols := d
		if key == "l" {
			cols = t
		}
		part, err := nested(key, res[i+1], k, cols)
		if err != nil {
			return nil, err
		}
		b = append(b, `,"`+key+`":`...)
		b = append(b, part...)
	}
	return append(b, '}'), nil
}

// ba (§2.3): the compressed input expanded to cams, xs, ws, obs and feats.
type baIn struct {
	N, M, P *int64
	Cam     []float64 `json:"cam"`
	X       []float64 `json:"x"`
	W       *float64  `json:"w"`
	Feat    []float64 `json:"feat"`
}

func baInput(raw json.RawMessage) ([]values.Value, error) {
	var in baIn
	if err := decodeObject(raw, &in); err != nil {
		return nil, err
	}
	if in.N == nil || in.M == nil || in.P == nil || in.W == nil {
		return nil, fmt.Errorf("missing n, m, p or w")
	}
	n, m, p := *in.N, *in.M, *in.P
	if n < 1 || m < 1 || p < 1 || 31*p > 1<<31-1 || n > 1<<22 || m > 1<<26 {
		return nil, fmt.Errorf("n = %d, m = %d, p = %d out of range", n, m, p)
	}
	if len(in.Cam) != 11 || len(in.X) != 3 || len(in.Feat) != 2 {
		return nil, fmt.Errorf("cam, x and feat must have 11, 3 and 2 elements, got %d, %d and %d", len(in.Cam), len(in.X), len(in.Feat))
	}
	cams := make([]float64, 0, 11*n)
	for range n {
		cams = append(cams, in.Cam...)
	}
	xs := make([]float64, 0, 3*m)
	for range m {
		xs = append(xs, in.X...)
	}
	ws := make([]float64, p)
	obs := make([]int32, 2*p)
	feats := make([]float64, 0, 2*p)
	for i := range p {
		ws[i] = *in.W
		obs[2*i], obs[2*i+1] = int32(i%n), int32(i%m)
		feats = append(feats, in.Feat...)
	}
	vs := make([]values.Value, 5)
	var err error
	for i, a := range []struct {
		t     prim.Type
		shape []int64
		data  any
	}{
		{prim.F64, []int64{n, 11}, cams},
		{prim.F64, []int64{m, 3}, xs},
		{prim.F64, []int64{p}, ws},
		{prim.I32, []int64{p, 2}, obs},
		{prim.F64, []int64{p, 2}, feats},
	} {
		if vs[i], err = values.FromData(a.t, a.shape, a.data); err != nil {
			return nil, err
		}
	}
	return vs, nil
}

func baObjectiveOutput(res []values.Value) ([]byte, error) {
	if err := checkResults(res, 2); err != nil {
		return nil, err
	}
	reproj, err := floats("reprojection errors", res[0])
	if err != nil {
		return nil, err
	}
	werr, err := floats("weight errors", res[1])
	if err != nil {
		return nil, err
	}
	if res[1].Rank() != 1 || len(werr) == 0 || len(reproj) != 2*len(werr) {
		return nil, fmt.Errorf("expected [p][2] and [p] results, got shapes %v and %v", res[0].Shape(), res[1].Shape())
	}
	p := int64(len(werr))
	b := []byte(`{"reproj_error":{"elements":`)
	if b, err = appendFloats(b, reproj[:2]); err != nil {
		return nil, err
	}
	b = append(b, `,"repeated":`...)
	b = strconv.AppendInt(b, p, 10)
	b = append(b, `},"w_err":{"element":`...)
	if b, err = appendFloat(b, werr[0]); err != nil {
		return nil, err
	}
	b = append(b, `,"repeated":`...)
	b = strconv.AppendInt(b, p, 10)
	return append(b, "}}"...), nil
}

func baJacobianOutput(res []values.Value) ([]byte, error) {
	if err := checkResults(res, 3); err != nil {
		return nil, err
	}
	rows, err := ints("rows", res[0])
	if err != nil {
		return nil, err
	}
	cols, err := ints("cols", res[1])
	if err != nil {
		return nil, err
	}
	vals, err := floats("vals", res[2])
	if err != nil {
		return nil, err
	}
	b := []byte(`{"rows":`)
	b = appendInts(b, headAndLast(rows))
	b = append(b, `,"cols":`...)
	b = appendInts(b, headAndLast(cols))
	b = append(b, `,"vals":`...)
	if b, err = appendFloats(b, headAndLast(vals)); err != nil {
		return nil, err
	}
	return append(b, '}'), nil
}

// ht (§2.4): arguments as GradBench's Futhark tool passes them.
type htModel struct {
	BoneCount     *int64        `json:"bone_count"`
	Parents       []int64       `json:"parents"`
	BaseRelatives [][][]float64 `json:"base_relatives"`
	InvBaseAbs    [][][]float64 `json:"inverse_base_absolutes"`
	BasePositions [][]float64   `json:"base_positions"`
	Weights       [][]float64   `json:"weights"`
	Triangles     [][]int64     `json:"triangles"`
	IsMirrored    bool          `json:"is_mirrored"`
}

type htIn struct {
	Theta []float64 `json:"theta"`
	Data  *struct {
		Model           *htModel    `json:"model"`
		Correspondences []int64     `json:"correspondences"`
		Points          [][]float64 `json:"points"`
	} `json:"data"`
	Us [][]float64 `json:"us"`
}

// mats4 flattens a list of 4×4 matrices.
func mats4(name string, ms [][][]float64) (values.Value, error) {
	if ms == nil {
		return values.Value{}, fmt.Errorf("missing %s", name)
	}
	out := make([]float64, 0, 16*len(ms))
	for i, m := range ms {
		f, _, err := flatRows(fmt.Sprintf("%s[%d]", name, i), m, 4)
		if err != nil {
			return values.Value{}, err
		}
		if len(m) != 4 {
			return values.Value{}, fmt.Errorf("%s[%d] has %d rows, expected 4", name, i, len(m))
		}
		out = append(out, f...)
	}
	return values.FromData(prim.F64, []int64{int64(len(ms)), 4, 4}, out)
}

func htInput(raw json.RawMessage) ([]values.Value, error) {
	var in htIn
	if err := decodeObject(raw, &in); err != nil {
		return nil, err
	}
	if in.Data == nil || in.Data.Model == nil {
		return nil, fmt.Errorf("missing data or data.model")
	}
	md, d := in.Data.Model, in.Data
	b := len(md.Parents)
	if md.BoneCount != nil && *md.BoneCount != int64(b) {
		return nil, fmt.Errorf("bone_count = %d but there are %d parents", *md.BoneCount, b)
	}
	theta, err := vector("theta", in.Theta, 26)
	if err != nil {
		return nil, err
	}
	parents, err := int32s("parents", md.Parents)
	if err != nil {
		return nil, err
	}
	for i, p := range parents {
		if p >= int32(i) || p < -1 {
			return nil, fmt.Errorf("parents[%d] = %d is not -1 or an earlier bone", i, p)
		}
	}
	rel, err := mats4("base_relatives", md.BaseRelatives)
	if err != nil {
		return nil, err
	}
	inv, err := mats4("inverse_base_absolutes", md.InvBaseAbs)
	if err != nil {
		return nil, err
	}
	if len(md.BaseRelatives) != b || len(md.InvBaseAbs) != b {
		return nil, fmt.Errorf("%d bones but %d base_relatives and %d inverse_base_absolutes", b, len(md.BaseRelatives), len(md.InvBaseAbs))
	}
	if md.BasePositions != nil && md.Weights != nil && len(md.BasePositions) != len(md.Weights) {
		return nil, fmt.Errorf("%d base_positions but %d rows of weights", len(md.BasePositions), len(md.Weights))
	}
	weights, err := transposed("weights", md.Weights, b)
	if err != nil {
		return nil, err
	}
	basePos, err := transposed("base_positions", md.BasePositions, 4)
	if err != nil {
		return nil, err
	}
	triFlat, _, err := flatRows("triangles", md.Triangles, 3)
	if err != nil {
		return nil, err
	}
	tri32, err := int32s("triangles", triFlat)
	if err != nil {
		return nil, err
	}
	tris, err := values.FromData(prim.I32, []int64{int64(len(md.Triangles)), 3}, tri32)
	if err != nil {
		return nil, err
	}
	if d.Correspondences == nil {
		return nil, fmt.Errorf("missing data.correspondences")
	}
	n := len(d.Correspondences)
	c32, err := int32s("correspondences", d.Correspondences)
	if err != nil {
		return nil, err
	}
	corr, err := values.FromData(prim.I32, []int64{int64(n)}, c32)
	if err != nil {
		return nil, err
	}
	if len(d.Points) != n {
		return nil, fmt.Errorf("%d correspondences but %d points", n, len(d.Points))
	}
	points, err := transposed("points", d.Points, 3)
	if err != nil {
		return nil, err
	}
	var usFlat []float64
	if len(in.Us) > 0 {
		if len(in.Us) != n {
			return nil, fmt.Errorf("%d correspondences but %d us", n, len(in.Us))
		}
		if usFlat, _, err = flatRows("us", in.Us, 2); err != nil {
			return nil, err
		}
	}
	us, err := values.FromData(prim.F64, []int64{int64(len(usFlat))}, append([]float64{}, usFlat...))
	if err != nil {
		return nil, err
	}
	par, err := values.FromData(prim.I32, []int64{int64(b)}, parents)
	if err != nil {
		return nil, err
	}
	return []values.Value{par, rel, inv, weights, basePos, tris, boolean(md.IsMirrored), corr, points, theta, us}, nil
}

// htObjectiveOutput flattens the [N][3] residuals.
func htObjectiveOutput(res []values.Value) ([]byte, error) {
	if err := checkResults(res, 1); err != nil {
		return nil, err
	}
	if s := res[0].Shape(); len(s) != 2 || s[1] != 3 {
		return nil, fmt.Errorf("expected [N][3] residuals, got shape %v", s)
	}
	return flat("residuals", res[0], -1)
}

// htJacobianOutput encodes the program's 3N rows of 26 or 28 columns.
func htJacobianOutput(res []values.Value) ([]byte, error) {
	if err := checkResults(res, 1); err != nil {
		return nil, err
	}
	s := res[0].Shape()
	if len(s) != 2 || (s[1] != 26 && s[1] != 28) {
		return nil, fmt.Errorf("expected a [3N][26] or [3N][28] Jacobian, got shape %v", s)
	}
	return nested("jacobian", res[0], s...)
}

// lstm (§2.5): main_params extra_params state sequence.
type lstmIn struct {
	Main  [][]float64 `json:"main_params"`
	Extra [][]float64 `json:"extra_params"`
	State [][]float64 `json:"state"`
	Seq   [][]float64 `json:"sequence"`
}

func lstmInput(raw json.RawMessage) ([]values.Value, error) {
	var in lstmIn
	if err := decodeObject(raw, &in); err != nil {
		return nil, err
	}
	if len(in.Main) == 0 || len(in.Main)%2 != 0 || len(in.Main[0])%4 != 0 {
		return nil, fmt.Errorf("main_params must be [2L][4b] with L, b > 0")
	}
	l2, b := len(in.Main), len(in.Main[0])/4
	main, err := matrix("main_params", in.Main, l2, 4*b)
	if err != nil {
		return nil, err
	}
	extra, err := matrix("extra_params", in.Extra, 3, b)
	if err != nil {
		return nil, err
	}
	state, err := matrix("state", in.State, l2, b)
	if err != nil {
		return nil, err
	}
	if len(in.Seq) < 2 {
		return nil, fmt.Errorf("sequence needs at least 2 characters, got %d", len(in.Seq))
	}
	seq, err := matrix("sequence", in.Seq, -1, b)
	if err != nil {
		return nil, err
	}
	return []values.Value{main, extra, state, seq}, nil
}

// kmeans (§2.6): points centroids.
type kmeansIn struct {
	Points    [][]float64 `json:"points"`
	Centroids [][]float64 `json:"centroids"`
}

func kmeansInput(raw json.RawMessage) ([]values.Value, error) {
	var in kmeansIn
	if err := decodeObject(raw, &in); err != nil {
		return nil, err
	}
	if len(in.Points) == 0 || len(in.Centroids) == 0 {
		return nil, fmt.Errorf("points and centroids must be non-empty")
	}
	d := len(in.Points[0])
	points, err := matrix("points", in.Points, -1, d)
	if err != nil {
		return nil, err
	}
	cs, err := matrix("centroids", in.Centroids, -1, d)
	if err != nil {
		return nil, err
	}
	return []values.Value{points, cs}, nil
}

func kmeansDirOutput(res []values.Value) ([]byte, error) {
	if err := checkResults(res, 1); err != nil {
		return nil, err
	}
	s := res[0].Shape()
	if len(s) != 2 {
		return nil, fmt.Errorf("expected a [k][d] result, got shape %v", s)
	}
	return nested("dir", res[0], s...)
}

// lse (§2.7): x.
func lseInput(raw json.RawMessage) ([]values.Value, error) {
	var in struct {
		X []float64 `json:"x"`
	}
	if err := decodeObject(raw, &in); err != nil {
		return nil, err
	}
	if len(in.X) == 0 {
		return nil, fmt.Errorf("x must be a non-empty list")
	}
	x, err := vector("x", in.X, -1)
	return []values.Value{x}, err
}

// llsq (§2.8): x n.
func llsqInput(raw json.RawMessage) ([]values.Value, error) {
	var in struct {
		X []float64 `json:"x"`
		N *int64    `json:"n"`
	}
	if err := decodeObject(raw, &in); err != nil {
		return nil, err
	}
	if in.N == nil || *in.N < 2 {
		return nil, fmt.Errorf("n must be an integer of at least 2")
	}
	x, err := vector("x", in.X, -1)
	return []values.Value{x, i64(*in.N)}, err
}

// ode (§2.9): x s.
func odeInput(raw json.RawMessage) ([]values.Value, error) {
	var in struct {
		X []float64 `json:"x"`
		S *int64    `json:"s"`
	}
	if err := decodeObject(raw, &in); err != nil {
		return nil, err
	}
	if in.S == nil || *in.S < 1 {
		return nil, fmt.Errorf("s must be a positive integer")
	}
	if len(in.X) == 0 {
		return nil, fmt.Errorf("x must be a non-empty list")
	}
	x, err := vector("x", in.X, -1)
	return []values.Value{x, i64(*in.S)}, err
}

// det (§2.10): ell A.
func detInput(raw json.RawMessage) ([]values.Value, error) {
	var in struct {
		A   []float64 `json:"A"`
		Ell *int64    `json:"ell"`
	}
	if err := decodeObject(raw, &in); err != nil {
		return nil, err
	}
	if in.Ell == nil || *in.Ell < 1 || *in.Ell > 20 {
		return nil, fmt.Errorf("ell must be an integer from 1 to 20")
	}
	ell := *in.Ell
	a, err := vector("A", in.A, int(ell*ell))
	return []values.Value{i64(ell), a}, err
}

// particle (§2.12): w.
func particleInput(raw json.RawMessage) ([]values.Value, error) {
	var in struct {
		W *float64 `json:"w"`
	}
	if err := decodeObject(raw, &in); err != nil {
		return nil, err
	}
	if in.W == nil {
		return nil, fmt.Errorf("missing w")
	}
	return []values.Value{f64(*in.W)}, nil
}

// saddle (§2.13): start.
func saddleInput(raw json.RawMessage) ([]values.Value, error) {
	var in struct {
		Start []float64 `json:"start"`
	}
	if err := decodeObject(raw, &in); err != nil {
		return nil, err
	}
	s, err := vector("start", in.Start, 2)
	return []values.Value{s}, err
}

// saddleOutput flattens the [2][2] rows r1 and r2 to four numbers.
func saddleOutput(res []values.Value) ([]byte, error) {
	if err := checkResults(res, 1); err != nil {
		return nil, err
	}
	return flat("saddle point", res[0], 4)
}
