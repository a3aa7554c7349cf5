package gogen

import (
	"regexp"
	"testing"
)

// Rows and slices bound as Go slices (virtual.go) are read like stored
// arrays by the loops over them: sums read windows of the data, not one
// bounds-checked element per step, and width checks know the row's
// length. (TestDiff checks that the results are right; this checks the
// form, which only speed shows otherwise.)
func TestRowsReadLikeArrays(t *testing.T) {
	cases := []struct{ name, src string }{
		{"rows of a map", `entry main (xss: [][]f64) (v: []f64) = map (\r -> f64.sum (map2 (*) r v)) xss`},
		{"indexed rows", `entry main (xss: [][]f64) (is: []i64) = map (\i -> let r = xss[i] in f64.sum (map (\x -> x * x) r)) is`},
		{"slices", `entry main (lr: []f64) (z: []f64) = map (\i -> f64.sum (map2 (*) (lr[i:i + 8] :> [8]f64) (z[:8] :> [8]f64))) (iota (length z))`},
	}
	elementRead := regexp.MustCompile(`:= trow\d+\[ti\d+\]`)
	shapeCheck := regexp.MustCompile(`checkWidth\([^\n]*\[\]int64\{`)
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			dc := diffCase{name: c.name, src: c.src}
			files, err := Generate(compileCase(t, &dc), "pkg")
			if err != nil {
				t.Fatal(err)
			}
			src := string(files["pkg.go"])
			if !regexp.MustCompile(`trow\d+ := `).MatchString(src) {
				t.Fatalf("no row bound as a slice:\n%s", src)
			}
			if m := elementRead.FindString(src); m != "" {
				t.Errorf("a loop reads a row element by element (%s):\n%s", m, src)
			}
			if m := shapeCheck.FindString(src); m != "" {
				t.Errorf("a width check reads a row's shape (%s):\n%s", m, src)
			}
		})
	}
}

// The operands of a concatenation that the same body builds for it alone
// are built in its result's parts: their storage is a slice of the
// result's data, not memory of their own that is then copied.
func TestConcatBuiltInPlace(t *testing.T) {
	src := `entry main [p] (ws: [p]f64) = let (a, b) = unzip (map (\w -> (map (\k -> w * f64.i64 k) (iota 3), w + 1)) ws) in flatten a ++ b`
	dc := diffCase{name: "concat", src: src}
	files, err := Generate(compileCase(t, &dc), "pkg")
	if err != nil {
		t.Fatal(err)
	}
	code := string(files["pkg.go"])
	part := regexp.MustCompile(`Array\[float64\]\{Shape: \[\]int64\{[^}]*\}, Data: (ta\d+)\.Data\[`)
	ms := part.FindAllStringSubmatch(code, -1)
	if len(ms) != 2 || ms[0][1] != ms[1][1] {
		t.Fatalf("want both operands built in one result's data, found %v:\n%s", ms, code)
	}
}
