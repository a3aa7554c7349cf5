package rev

import (
	"fmt"
	"math/rand"
	"regexp"
	"strings"
	"testing"

	"github.com/fluxion-lang/fluxion/internal/interp"
)

// NestProg is a function of two inputs whose vjp sums contributions over
// nested maps. Shapes are lists of size names ("" for an f64); the result
// is a matrix.
type NestProg struct {
	Name   string
	Sizes  string // the size parameters, e.g. "[n][m][p]"
	X, Y   []string
	Out    [2]string
	Body   string // in terms of x and y
	Interc bool   // whether the vjp sums through an interchanged nest
}

// NestProgs are the programs of the interchange tests.
var NestProgs = []NestProg{
	{"matmul", "[n][m][p]", []string{"n", "m"}, []string{"m", "p"}, [2]string{"n", "p"},
		`map (\row -> map (\col -> f64.sum (map2 (*) row col)) (transpose y)) x`, true},
	{"matvec_shared", "[k][n][m]", []string{"n", "m"}, []string{"k", "m"}, [2]string{"k", "n"},
		`map (\v -> map (\row -> f64.sum (map2 (*) row v)) x) y`, true},
	{"matvec_batched", "[k][n][m]", []string{"k", "n", "m"}, []string{"k", "m"}, [2]string{"k", "n"},
		`map2 (\a v -> map (\row -> f64.sum (map2 (*) row v)) a) x y`, true},
	{"outer_sum", "[k][n][m]", []string{"k", "n"}, []string{"k", "m"}, [2]string{"n", "m"},
		`reduce (map2 (map2 (+))) (replicate n (replicate m 0)) (map2 (\u v -> map (\a -> map (\b -> a * b) v) u) x y)`, true},
	{"gathered_rows", "[n][m]", []string{"n", "m"}, []string{"n", "m"}, [2]string{"n", "n"},
		`map (\i -> let r = x[(i * 3 + 1) % n] in map (\v -> f64.sum (map2 (\a b -> a * b * r[(i + 1) % m]) r v)) y) (iota n)`, true},
	{"free_scalar", "[n][m]", []string{"n", "m"}, nil, [2]string{"n", "m"},
		`map (\row -> map (\a -> f64.sin a * y + a * a * y) row) x`, true},
	{"cheap_nonlinear", "[n][m][p]", []string{"n", "m"}, []string{"m", "p"}, [2]string{"n", "p"},
		`map (\row -> map (\col -> f64.sum (map2 (\a b -> f64.sin a * b + a * b * b) row col)) (transpose y)) x`, true},
	// The adjoint of the replicate is summed by sumRows.
	{"replicated_row", "[n][m]", []string{"m"}, []string{"n", "m"}, [2]string{"n", "m"},
		`map2 (\r v -> map (\a -> a * f64.sum (map2 (*) r v)) v) (replicate n x) y`, true},
	// The dot product is needed for both adjoints: recomputing it per
	// element would be expensive, so nothing is interchanged.
	{"tanh_matmul", "[n][m][p]", []string{"n", "m"}, []string{"m", "p"}, [2]string{"n", "p"},
		`map (\row -> map (\col -> f64.tanh (f64.sum (map2 (*) row col))) (transpose y)) x`, false},
}

func shapeType(dims []string) string {
	var s strings.Builder
	for _, d := range dims {
		s.WriteString("[" + d + "]")
	}
	return s.String() + "f64"
}

// NestSource defines, for each program, f_NAME and the entries NAME_g
// (vjp at c), NAME_f (<f x y, c>) and NAME_j (jvp along dx, dy).
func NestSource() string {
	var s strings.Builder
	for _, p := range NestProgs {
		tx, ty, tc := shapeType(p.X), shapeType(p.Y), shapeType(p.Out[:])
		fmt.Fprintf(&s, "def f_%s %s (x: %s) (y: %s) : %s = %s\n", p.Name, p.Sizes, tx, ty, tc, p.Body)
		fmt.Fprintf(&s, "entry %s_g %s (x: %s) (y: %s) (c: %s) = vjp (\\(x, y) -> f_%s x y) (x, y) c\n", p.Name, p.Sizes, tx, ty, tc, p.Name)
		fmt.Fprintf(&s, "entry %s_f %s (x: %s) (y: %s) (c: %s) = f64.sum (map2 (\\zr cr -> f64.sum (map2 (*) zr cr)) (f_%s x y) c)\n", p.Name, p.Sizes, tx, ty, tc, p.Name)
		fmt.Fprintf(&s, "entry %s_j %s (x: %s) (y: %s) (c: %s) (dx: %s) (dy: %s) = jvp (\\(x, y) -> f_%s x y) (x, y) (dx, dy)\n", p.Name, p.Sizes, tx, ty, tc, tx, ty, p.Name)
	}
	return s.String()
}

// NestInputs draws sizes in [1, 4] and values in [-1, 1]: the flat
// elements of x, y and c, and the values of those shapes.
func NestInputs(rng *rand.Rand, p NestProg) (xs, ys, cs []float64, shape func([]string, []float64) interp.Value) {
	size := map[string]int64{}
	dim := func(d string) int64 {
		if _, ok := size[d]; !ok {
			size[d] = 1 + rng.Int63n(4)
		}
		return size[d]
	}
	draw := func(dims []string) []float64 {
		k := int64(1)
		for _, d := range dims {
			k *= dim(d)
		}
		out := make([]float64, k)
		for i := range out {
			out[i] = rng.Float64()*2 - 1
		}
		return out
	}
	xs, ys, cs = draw(p.X), draw(p.Y), draw(p.Out[:])
	shape = func(dims []string, v []float64) interp.Value {
		if len(dims) == 0 {
			return sf(v[0])
		}
		sh := make([]int64, len(dims))
		for i, d := range dims {
			sh[i] = dim(d)
		}
		return afs(sh, v...)
	}
	return xs, ys, cs, shape
}

// withoutInterchange runs fn with the rewrite off.
func withoutInterchange(fn func()) {
	noInterchange = true
	defer func() { noInterchange = false }()
	fn()
}

// The vjp of every program against central finite differences of <f, c>
// at random sizes, and against the same vjp without the interchange.
func TestInterchangeFiniteDifferences(t *testing.T) {
	src := NestSource()
	c := compile(t, src)
	var plain *interp.Program
	withoutInterchange(func() { plain = compile(t, src) })
	rng := rand.New(rand.NewSource(17))
	for _, p := range NestProgs {
		t.Run(p.Name, func(t *testing.T) {
			for trial := 0; trial < 4; trial++ {
				xs, ys, cs, val := NestInputs(rng, p)
				args := func(xs, ys []float64) []interp.Value {
					return []interp.Value{val(p.X, xs), val(p.Y, ys), val(p.Out[:], cs)}
				}
				res, err := c.Run(p.Name+"_g", args(xs, ys))
				if err != nil {
					t.Fatal(err)
				}
				grad := flat(res)
				old, err := plain.Run(p.Name+"_g", args(xs, ys))
				if err != nil {
					t.Fatal(err)
				}
				eval := func(xs, ys []float64) float64 {
					r, err := c.Run(p.Name+"_f", args(xs, ys))
					if err != nil {
						t.Fatal(err)
					}
					return r[0].Scalar.Float()
				}
				const h = 1e-6
				var fd []float64
				for which, v := range [][]float64{xs, ys} {
					for i := range v {
						up, dn := append([]float64{}, v...), append([]float64{}, v...)
						up[i] += h
						dn[i] -= h
						if which == 0 {
							fd = append(fd, (eval(up, ys)-eval(dn, ys))/(2*h))
						} else {
							fd = append(fd, (eval(xs, up)-eval(xs, dn))/(2*h))
						}
					}
				}
				if len(grad) != len(fd) || len(flat(old)) != len(fd) {
					t.Fatalf("%d and %d adjoints, want %d", len(grad), len(flat(old)), len(fd))
				}
				for i := range fd {
					if !closeTo(grad[i], fd[i], 1e-6) {
						t.Fatalf("vjp %v, finite differences %v", grad, fd)
					}
					if !closeTo(grad[i], flat(old)[i], 1e-12) {
						t.Fatalf("vjp %v, without the interchange %v", grad, flat(old))
					}
				}
			}
		})
	}
}

// The rewrite fires where the table says: the expanded program changes
// when it is switched off.
func TestInterchangeFires(t *testing.T) {
	for _, p := range NestProgs {
		one := p
		saved := NestProgs
		NestProgs = []NestProg{one}
		src := NestSource()
		NestProgs = saved
		prog, err := lowerSource(src)
		if err != nil {
			t.Fatal(err)
		}
		on, err := Expand(prog)
		if err != nil {
			t.Fatal(err)
		}
		var off = on
		withoutInterchange(func() { off, err = Expand(prog) })
		if err != nil {
			t.Fatal(err)
		}
		// Names differ by their tags even when nothing else does.
		tags := regexp.MustCompile(`_[0-9]+`)
		if fired := tags.ReplaceAllString(on.String(), "") != tags.ReplaceAllString(off.String(), ""); fired != p.Interc {
			t.Errorf("%s: interchanged %v, want %v:\n%s", p.Name, fired, p.Interc, on)
		}
	}
}

// Empty dimensions, one at a time: the vjp runs and agrees with the sums
// of materialised contributions.
func TestInterchangeEmptyDimensions(t *testing.T) {
	src := NestSource()
	c := compile(t, src)
	var plain *interp.Program
	withoutInterchange(func() { plain = compile(t, src) })
	for _, p := range NestProgs {
		letters := map[string]bool{}
		for _, d := range append(append(append([]string{}, p.X...), p.Y...), p.Out[:]...) {
			letters[d] = true
		}
		for zero := range letters {
			val := func(dims []string) interp.Value {
				if len(dims) == 0 {
					return sf(0.5)
				}
				sh := make([]int64, len(dims))
				k := int64(1)
				for i, d := range dims {
					sh[i] = 2
					if d == zero {
						sh[i] = 0
					}
					k *= sh[i]
				}
				xs := make([]float64, k)
				for i := range xs {
					xs[i] = float64(i%5)/4 - 0.5
				}
				return afs(sh, xs...)
			}
			args := []interp.Value{val(p.X), val(p.Y), val(p.Out[:])}
			got, err := c.Run(p.Name+"_g", args)
			if err != nil {
				t.Fatalf("%s with %s = 0: %v", p.Name, zero, err)
			}
			want, err := plain.Run(p.Name+"_g", args)
			if err != nil {
				t.Fatalf("%s with %s = 0, without the interchange: %v", p.Name, zero, err)
			}
			g, w := flat(got), flat(want)
			if len(g) != len(w) {
				t.Fatalf("%s with %s = 0: %v, want %v", p.Name, zero, g, w)
			}
			for i := range g {
				if !closeTo(g[i], w[i], 1e-12) {
					t.Fatalf("%s with %s = 0: %v, want %v", p.Name, zero, g, w)
				}
			}
		}
	}
}
