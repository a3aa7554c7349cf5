package ad

import (
	"fmt"
	"math/rand"
	"testing"

	"github.com/fluxion-lang/fluxion/internal/interp"
	"github.com/fluxion-lang/fluxion/internal/ir"
	"github.com/fluxion-lang/fluxion/internal/prim"
)

// randomBody builds a straight-line program of n scalar operations over
// three inputs, each operation applied to earlier values; the operations
// are smooth and bounded on bounded inputs, so finite differences apply.
func randomBody(seed int64, n int) bodyFn {
	return func(b *ir.Builder, x []ir.SubExp) []ir.SubExp {
		r := rand.New(rand.NewSource(seed))
		vals := append([]ir.SubExp{}, x...)
		pick := func() ir.SubExp { return vals[r.Intn(len(vals))] }
		for i := 0; i < n; i++ {
			var v ir.SubExp
			switch r.Intn(8) {
			case 0:
				v = bin(b, prim.Add, pick(), pick())
			case 1:
				v = bin(b, prim.Sub, pick(), pick())
			case 2:
				v = call1(b, "tanh_f64", bin(b, prim.Mul, pick(), pick()))
			case 3:
				y := pick()
				v = bin(b, prim.Div, pick(), bin(b, prim.Add, fc(1), bin(b, prim.Mul, y, y)))
			case 4:
				v = call1(b, "sin_f64", pick())
			case 5:
				v = call1(b, "atan2_f64", pick(), bin(b, prim.Add, fc(2), call1(b, "cos_f64", pick())))
			case 6:
				v = bin(b, prim.Pow, call1(b, "tanh_f64", pick()), fc(3))
			case 7:
				v = call1(b, "exp_f64", call1(b, "sin_f64", pick()))
			}
			vals = append(vals, v)
		}
		return vals[len(vals)-3:]
	}
}

func TestRandomScalarPrograms(t *testing.T) {
	ts := []ir.Type{tf64, tf64, tf64}
	for seed := int64(0); seed < 20; seed++ {
		body := randomBody(seed, 25)
		t.Run(fmt.Sprint(seed), func(t *testing.T) {
			r := rand.New(rand.NewSource(seed))
			p := compile(t, primalProg(ts, body), jvpProg("jvp", ts, body, false), jvpProg("jmp", ts, body, true))
			args := []interp.Value{sf(r.Float64()), sf(r.Float64()), sf(r.Float64())}
			var dirs [][]interp.Value
			for k := 0; k < jmpWidth; k++ {
				dx := []interp.Value{sf(2*r.Float64() - 1), sf(2*r.Float64() - 1), sf(2*r.Float64() - 1)}
				dirs = append(dirs, dx)
				res := run(t, p, "jvp", append(append([]interp.Value{}, args...), dx...))
				plus := run(t, p, "f", axpyAll(args, fdStep, dx))
				minus := run(t, p, "f", axpyAll(args, -fdStep, dx))
				for i := range plus {
					fd := (plus[i].Scalar.Float() - minus[i].Scalar.Float()) / (2 * fdStep)
					if got := res[3+i].Scalar.Float(); !closeTo(got, fd, fdTol) {
						t.Errorf("direction %d result %d: tangent %v, finite difference %v", k, i, got, fd)
					}
				}
			}
			margs := append([]interp.Value{}, args...)
			for i := range args {
				margs = append(margs, stack([]interp.Value{dirs[0][i], dirs[1][i], dirs[2][i]}))
			}
			batched := run(t, p, "jmp", margs)
			for k := 0; k < jmpWidth; k++ {
				res := run(t, p, "jvp", append(append([]interp.Value{}, args...), dirs[k]...))
				for i := 0; i < 3; i++ {
					if got, want := lane(batched[3+i], k)[0].Float(), res[3+i].Scalar.Float(); !closeTo(got, want, 1e-12) {
						t.Errorf("jmp lane %d result %d = %v, jvp gives %v", k, i, got, want)
					}
				}
			}
		})
	}
}
