package rev

import (
	"fmt"
	"testing"

	"github.com/fluxion-lang/fluxion/internal/interp"
)

const benchSrc = `
def fmap [n] (xs: [n]f64) = f64.sum (map (\x -> f64.sin x * x) xs)
def fred [n] (xs: [n]f64) = reduce (\a b -> a * b + 0.5) 0 xs
def floop [n] (xs: [n]f64) = loop acc = 0 for i < n do acc * 0.99 + f64.sin xs[i]
entry map_f [n] (xs: [n]f64) = fmap xs
entry map_g [n] (xs: [n]f64) = vjp fmap xs 1
entry reduce_f [n] (xs: [n]f64) = fred xs
entry reduce_g [n] (xs: [n]f64) = vjp fred xs 1
entry loop_f [n] (xs: [n]f64) = floop xs
entry loop_g [n] (xs: [n]f64) = vjp floop xs 1
`

// BenchmarkVJP times each program's primal and its vjp at sizes n and 8n
// in the interpreter; the ratio of the two is the cost of the gradient.
func BenchmarkVJP(b *testing.B) {
	p := compile(b, benchSrc)
	for _, prog := range []string{"map", "reduce", "loop"} {
		for _, n := range []int{1000, 8000} {
			xs := make([]float64, n)
			for i := range xs {
				xs[i] = 0.5 + float64(i%7)/10
			}
			args := []interp.Value{af(xs...)}
			for _, kind := range []string{"f", "g"} {
				b.Run(fmt.Sprintf("%s/n=%d/%s", prog, n, kind), func(b *testing.B) {
					for i := 0; i < b.N; i++ {
						if _, err := p.Run(prog+"_"+kind, args); err != nil {
							b.Fatal(err)
						}
					}
				})
			}
		}
	}
}
