package lower

import (
	"testing"

	"github.com/fluxion-lang/fluxion/internal/check"
	"github.com/fluxion-lang/fluxion/internal/ir"
)

// FuzzLower lowers every program the checker accepts: the lowering must
// not panic, and whatever it produces must verify.
func FuzzLower(f *testing.F) {
	for _, s := range []string{
		`entry main (xs: []f64) (ys: []f64) : f64 = reduce (+) 0 (map2 (*) xs ys)`,
		`entry main (n: i64) = loop acc = 1i64 for i < n do acc * (i + 1)`,
		`type t = #a i32 | #b f32
entry main (x: i32) = match (if x > 0 then #a x else #b 1.5) case #a y -> y case #b _ -> 0`,
		`entry main (xs: [][]i32) = (flatten xs, transpose xs, xs[1:, ::-1])`,
		`entry main (x: f64) = vjp (\y -> y * y) x 1`,
		`def f [n] (xs: [n]i32) : [n]i32 = scan (+) 0 xs
entry main (xs: []i32) = let ys = copy xs in (f ys, ys with [0] = 1)`,
		`entry main (x: i32) = let r = {a = x, b = (x, [x])} in r.b.1 == [r.a]`,
		`import "intrinsics"
entry main (d: *[]f64) (is: []i64) = hist_stream d (+) 0 (\(acc: *acc ([]f64)) i -> acc_write acc i 1) is`,
		`entry main (xs: *[]i32) = flat_update_2d xs 1 2 1 (flat_index_2d (copy xs) 0 2 1 1 1)`,
		`type s = #a [2]f64 | #b
entry main (x: s) (y: i32) : (s, i32) = (x, y + ???)`,
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		prog, err := check.CheckSource("f.fut", []byte(src), nil)
		if err != nil {
			return
		}
		p, err := Program(prog)
		if err != nil {
			return
		}
		if err := ir.Verify(p); err != nil {
			t.Fatalf("lowered program does not verify: %v\n%s", err, p)
		}
	})
}
