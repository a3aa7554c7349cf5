package rev

import (
	"fmt"
	"runtime"
	"testing"

	"github.com/fluxion-lang/fluxion/internal/interp"
	"github.com/fluxion-lang/fluxion/internal/ir"
	"github.com/fluxion-lang/fluxion/internal/prim"
)

const updateLoopSrc = `
def f [n] (xs: [n]f64) (y: f64) : f64 =
  f64.sum (loop ys = copy xs for i < n do ys with [i] = ys[i] * ys[(i + 1) % n] * y + 0.5)
entry upd_g [n] (xs: [n]f64) (y: f64) = vjp (\(xs, y) -> f xs y) (xs, y) 1
`

// allocated is the number of bytes the interpreter allocates running
// entry on args: a count of the elements it creates, not a time.
func allocated(t *testing.T, p *interp.Program, entry string, args []interp.Value) uint64 {
	t.Helper()
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	if _, err := p.Run(entry, args); err != nil {
		t.Fatal(err)
	}
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc
}

// A loop of n in-place updates has a vjp whose work is linear in n: at 8n
// it allocates about 8 times as much, where checkpointing the array every
// iteration would allocate 64 times as much.
func TestUpdateLoopIsLinear(t *testing.T) {
	p := compile(t, updateLoopSrc)
	at := func(n int) uint64 {
		xs := make([]float64, n)
		for i := range xs {
			xs[i] = 0.5 + float64(i%5)/10
		}
		return allocated(t, p, "upd_g", []interp.Value{af(xs...), sf(0.9)})
	}
	at(50) // the first run allocates the interpreter's frames
	small, large := at(500), at(4000)
	if ratio := float64(large) / float64(small); ratio > 12 {
		t.Errorf("vjp of %d in-place updates allocates %d bytes, of %d: %d bytes (ratio %.1f, want about 8)", 500, small, 4000, large, ratio)
	} else {
		t.Logf("allocated %d and %d bytes (ratio %.1f)", small, large, ratio)
	}
}

// An update whose result has an alias is not restored in place: the
// alias, returned as the primal result, keeps the updated value.
func TestUpdateWithAliasedResult(t *testing.T) {
	b := ir.NewBuilder(ir.NewNameSource(1))
	f64 := ir.Scalar(prim.F64)
	arr := ir.Array(prim.F64, ir.I64(2))
	x := b.Param("x", arr)
	v := b.Param("v", f64)
	lam := b.Lambda([]ir.Type{arr, f64}, func(lb *ir.Builder, ps []ir.SubExp) []ir.SubExp {
		c := lb.Let("c", &ir.Copy{Arr: ps[0].Var})
		sq := lb.BinOp(prim.Mul, ps[1], ps[1])
		u := lb.Let("u", &ir.Update{Arr: c.Var, Dims: []ir.DimSlice{{Fixed: true, I: ir.I64(0)}}, Val: sq})
		return []ir.SubExp{lb.Let("z", &ir.Atom{X: u})}
	})
	ones := b.Let("ones", &ir.Replicate{Shape: ir.Shape{ir.I64(2)}, Val: ir.Const(prim.FloatValue(prim.F64, 1))})
	pat := []ir.Param{b.Param("y", arr), b.Param("dx", arr), b.Param("dv", f64)}
	e := &ir.VJP{F: lam, Primals: []ir.SubExp{ir.Var(x.Name), ir.Var(v.Name)}, Adjoints: []ir.SubExp{ones}}
	if err := ExpandVJP(b, &ir.Stm{Pat: pat, Exp: e}); err != nil {
		t.Fatal(err)
	}
	body := b.Body(ir.Var(pat[0].Name), ir.Var(pat[1].Name), ir.Var(pat[2].Name))
	prog := &ir.Program{Funcs: []*ir.Func{{Name: "f", Params: []ir.Param{x, v}, Ret: []ir.Type{arr, arr, f64}, Body: body}}}
	if err := ir.Verify(prog); err != nil {
		t.Fatal(err)
	}
	c, err := interp.Compile(prog)
	if err != nil {
		t.Fatal(err)
	}
	res, err := c.Run("f", []interp.Value{af(5, 7), sf(3)})
	if err != nil {
		t.Fatal(err)
	}
	// y = [9, 7]; dx = [0, 1]; dv = 2v.
	want := []float64{9, 7, 0, 1, 6}
	if got := flat(res); fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("got %v, want %v", got, want)
	}
}

const accStreamSrc = `
import "intrinsics"
def h [n] (k: i64) (is: [n]i64) (vs: [n]f64) : f64 =
  f64.sum (hist_stream (replicate k 0) (+) 0 (\(acc: *acc ([k]f64)) (i, x) -> acc_write acc i (x * x)) (zip is vs))
entry acc_g [n] (k: i64) (is: [n]i64) (vs: [n]f64) = vjp (h k is) vs 1
`

// An accumulator stream is a loop that updates one element per
// iteration, so its vjp is linear too: at 8n elements (and buckets) it
// allocates about 8 times as much, not 64.
func TestAccumulatorStreamIsLinear(t *testing.T) {
	p := compile(t, accStreamSrc)
	at := func(n int) uint64 {
		is := make([]int64, n)
		vs := make([]float64, n)
		for i := range is {
			is[i] = int64((i * 7) % n)
			vs[i] = float64(i%10) / 3
		}
		return allocated(t, p, "acc_g", []interp.Value{interp.ScalarValue(prim.IntValue(prim.I64, int64(n))), ai(is...), af(vs...)})
	}
	at(50)
	small, large := at(500), at(4000)
	if ratio := float64(large) / float64(small); ratio > 12 {
		t.Errorf("vjp of a stream of %d writes allocates %d bytes, of %d: %d bytes (ratio %.1f, want about 8)", 500, small, 4000, large, ratio)
	} else {
		t.Logf("allocated %d and %d bytes (ratio %.1f)", small, large, ratio)
	}
}
