package opt_test

import "testing"

// Rearrangements of rearrangements compose, identities disappear, and a
// map that only rearranges its rows is a rearrangement of its input: a
// transpose taken back, or the tangents of a jmp read back in the layout
// they were computed in, cost no array. A result that is updated
// afterwards, or an input updated after the map, keeps the map.
func TestRearrangeViews(t *testing.T) {
	for _, tc := range []struct {
		name, src        string
		maps, rearranges int
		inputs           []string
	}{
		{"transpose taken back", `entry main (x: [][]i64) = transpose (transpose x)`, 0, 0,
			[]string{"[[1i64, 2i64, 3i64], [4i64, 5i64, 6i64]]", "empty([0][2]i64)"}},
		{"rows transposed back", `entry main (x: [][][]i64) = map transpose (map transpose x)`, 0, 0,
			[]string{"[[[1i64, 2i64], [3i64, 4i64], [5i64, 6i64]], [[7i64, 8i64], [9i64, 10i64], [11i64, 12i64]]]"}},
		{"rotated three ways", `entry main (x: [][][]i64) = map transpose (transpose (map transpose (transpose x)))`, 0, 1,
			[]string{"[[[1i64, 2i64], [3i64, 4i64], [5i64, 6i64]], [[7i64, 8i64], [9i64, 10i64], [11i64, 12i64]]]"}},
		{"map of a transpose", `entry main (x: [][][]i64) = map transpose x`, 0, 1,
			[]string{"[[[1i64, 2i64, 3i64]], [[4i64, 5i64, 6i64]]]"}},
		{"map of a transpose then updated", `entry main (x: [][][]i64) = let y = map transpose x in y with [0, 0, 0] = 9`, 1, 1,
			[]string{"[[[1i64, 2i64, 3i64]], [[4i64, 5i64, 6i64]]]", "empty([0][1][3]i64)"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p, q := lowerAndSimplify(t, tc.src)
			k := kinds(q.Funcs[0])
			if k["map"] != tc.maps || k["rearrange"] != tc.rearranges {
				t.Errorf("%d maps and %d rearranges left, want %d and %d\n%s", k["map"], k["rearrange"], tc.maps, tc.rearranges, q)
			}
			for _, in := range tc.inputs {
				if a, b := runText(t, p, in), runText(t, q, in); a != b {
					t.Errorf("on %s: %s before simplification, %s after", in, a, b)
				}
			}
		})
	}
}
