package check

import (
	"fmt"
	"strings"
	"testing"
)

// generatedProgram returns a program of about lines lines mixing the
// common declaration and expression forms.
func generatedProgram(lines int) []byte {
	var b strings.Builder
	b.WriteString("module type ring = { type t val zero : t val add : t -> t -> t }\n")
	for i := 0; b.Len() < lines*40 && strings.Count(b.String(), "\n") < lines; i++ {
		fmt.Fprintf(&b, "def fn%d [n] (xs: [n]f32) (k: i32) : f32 =\n", i)
		fmt.Fprintf(&b, "  let ys = map (\\x -> x * 2 + f32.i32 k) xs\n")
		fmt.Fprintf(&b, "  let s = reduce (+) 0 ys\n")
		fmt.Fprintf(&b, "  let (a, b) = loop (a, b) = (s, 0f32) for i < n do (a + ys[i], b - 1)\n")
		fmt.Fprintf(&b, "  in if a > b then a else b + f32.sum (iota n |> map f32.i64)\n")
		fmt.Fprintf(&b, "type rec%d = {x: i64, y: [3]f64}\n", i)
		fmt.Fprintf(&b, "def g%d (r: rec%d) : rec%d = r with x = r.x + 1 with y = map (* 2) r.y\n", i, i, i)
		fmt.Fprintf(&b, "module R%d : ring with t = i32 = { type t = i32 def zero = 0i32 def add (a: t) (b: t) = a + b }\n", i)
		fmt.Fprintf(&b, "def h%d (o: #some i32 | #none) = match o case #some v -> R%d.add v R%d.zero case #none -> 0\n", i, i, i)
	}
	return []byte(b.String())
}

// BenchmarkCheck5000 checks a generated program of 5,000 lines and
// reports the time per 1,000 lines.
func BenchmarkCheck5000(b *testing.B) {
	src := generatedProgram(5000)
	n := strings.Count(string(src), "\n")
	if _, err := CheckSource("gen.fut", src, nil); err != nil {
		b.Fatal(FormatError(err))
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := CheckSource("gen.fut", src, nil); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Milliseconds())/float64(b.N)/float64(n)*1000, "ms/1000lines")
}
