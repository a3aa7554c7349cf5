package gogen

import "testing"

func TestDiffBasics(t *testing.T) {
	runDiff(t, []diffCase{
		{name: "dot", src: `entry main (xs: []f64) (ys: []f64) : f64 = reduce (+) 0 (map2 (*) xs ys)`,
			args: []string{"[1.0, 2.0, 3.0]", "[4.0, -5.0, 6.0]"}},
		{name: "loop", src: `entry main (n: i64) = loop acc = 1i64 for i < n do acc * (i + 1)`, args: []string{"5i64"}},
		{name: "matmul", src: `def matmul [n][m][p] (a: [n][m]f64) (b: [m][p]f64) : [n][p]f64 =
  map (\row -> map (\col -> f64.sum (map2 (*) row col)) (transpose b)) a
entry main (a: [][]f64) (b: [][]f64) = matmul a b`,
			args: []string{"[[1.0, 2.0], [3.0, 4.0]]", "[[5.0, 6.0], [7.0, 8.0]]"}},
		{name: "index error", src: `entry main (xs: []i32) (i: i64) = xs[i]`, args: []string{"[1, 2, 3]", "3i64"}},
	})
}
