package prelude_test

import (
	"math/rand"
	"testing"

	"github.com/fluxion-lang/fluxion/internal/check"
	"github.com/fluxion-lang/fluxion/internal/prim"
	"github.com/fluxion-lang/fluxion/internal/values"
)

// randomProgram exercises the prelude functions whose definitions are the
// most intricate; each entry is compared with a plain Go reference on
// random inputs.
const randomProgram = `
entry filt (xs: []i32) : []i32 = filter (\x -> x % 3 == 0) xs
entry part (xs: []i32) : ([]i32, []i32) = partition (\x -> x % 3 == 0) xs
entry part2 (xs: []i32) : ([]i32, []i32, []i32) = partition2 (\x -> x % 3 == 0) (\x -> x % 2 == 0) xs
entry fmap (xs: []i64) = flatmap' (\x -> map (+ x * 10) (iota (x % 4))) xs
entry rot (r: i64) (xs: []i32) : []i32 = rotate r xs
entry exs (xs: []i32) : []i32 = exscan (+) 0 xs
entry hst [n] (k: i64) (is: [n]i64) (vs: [n]i32) : [k]i32 = hist (+) 0 k is vs
entry sc2 [k] [m] [n] (dest: *[k][m]i32) (is: [n]i64) (js: [n]i64) (vs: [n]i32) : [k][m]i32 =
  scatter_2d dest (zip is js) vs
entry rbi3 [k] [m] [l] [n] (dest: *[k][m][l]i32) (is: [n]i64) (js: [n]i64) (hs: [n]i64) (vs: [n]i32) : [k][m][l]i32 =
  reduce_by_index_3d dest (+) 0 (zip3 is js hs) vs
entry tr (xs: [][]i32) : [][]i32 = transpose xs
entry fold (xs: []i32) : (i32, i32) = (foldl (\a x -> a * 3 - x) 1 xs, foldr (\x a -> a * 3 - x) 1 xs)
`

func i32s(shape []int64, data []int32) values.Value {
	v, err := values.FromData(prim.I32, shape, data)
	if err != nil {
		panic(err)
	}
	return v
}

func i64s(data []int64) values.Value {
	v, err := values.FromData(prim.I64, []int64{int64(len(data))}, data)
	if err != nil {
		panic(err)
	}
	return v
}

func vec32(data []int32) values.Value { return i32s([]int64{int64(len(data))}, data) }

func scalar64(x int64) values.Value { return values.Scalar(prim.IntValue(prim.I64, x)) }

func scalar32(x int32) values.Value { return values.Scalar(prim.IntValue(prim.I32, int64(x))) }

func randVec(r *rand.Rand, n int, lo, hi int32) []int32 {
	xs := make([]int32, n)
	for i := range xs {
		xs[i] = lo + r.Int31n(hi-lo)
	}
	return xs
}

func randIdx(r *rand.Rand, n int, lim int64) []int64 {
	xs := make([]int64, n)
	for i := range xs {
		xs[i] = r.Int63n(lim+4) - 2 // a few out of range on both sides
	}
	return xs
}

func keep(xs []int32, p func(int32) bool) []int32 {
	out := []int32{}
	for _, x := range xs {
		if p(x) {
			out = append(out, x)
		}
	}
	return out
}

// floorMod is the language's % on i32 (sign of the divisor).
func floorMod(x, y int32) int32 {
	m := x % y
	if m != 0 && (m < 0) != (y < 0) {
		m += y
	}
	return m
}

type randomCase struct {
	entry string
	gen   func(r *rand.Rand) (args, want []values.Value)
}

var randomCases = []randomCase{
	{"filt", func(r *rand.Rand) ([]values.Value, []values.Value) {
		xs := randVec(r, r.Intn(12), -20, 20)
		return []values.Value{vec32(xs)}, []values.Value{vec32(keep(xs, func(x int32) bool { return floorMod(x, 3) == 0 }))}
	}},
	{"part", func(r *rand.Rand) ([]values.Value, []values.Value) {
		xs := randVec(r, r.Intn(12), -20, 20)
		p := func(x int32) bool { return floorMod(x, 3) == 0 }
		return []values.Value{vec32(xs)}, []values.Value{vec32(keep(xs, p)), vec32(keep(xs, func(x int32) bool { return !p(x) }))}
	}},
	{"part2", func(r *rand.Rand) ([]values.Value, []values.Value) {
		xs := randVec(r, r.Intn(12), -20, 20)
		p1 := func(x int32) bool { return floorMod(x, 3) == 0 }
		p2 := func(x int32) bool { return floorMod(x, 2) == 0 }
		return []values.Value{vec32(xs)}, []values.Value{
			vec32(keep(xs, p1)),
			vec32(keep(xs, func(x int32) bool { return !p1(x) && p2(x) })),
			vec32(keep(xs, func(x int32) bool { return !p1(x) && !p2(x) })),
		}
	}},
	{"fmap", func(r *rand.Rand) ([]values.Value, []values.Value) {
		n := r.Intn(8)
		xs := make([]int64, n)
		var S, O, D []int64
		F := []bool{}
		off := int64(0)
		for i := range xs {
			xs[i] = r.Int63n(9)
			k := xs[i] % 4
			S, O = append(S, k), append(O, off)
			for j := int64(0); j < k; j++ {
				D = append(D, j+xs[i]*10)
				F = append(F, j == 0)
			}
			off += k
		}
		fv, _ := values.FromData(prim.Bool, []int64{int64(len(F))}, F)
		return []values.Value{i64s(xs)}, []values.Value{i64s(orEmpty(S)), fv, i64s(orEmpty(O)), i64s(orEmpty(D))}
	}},
	{"rot", func(r *rand.Rand) ([]values.Value, []values.Value) {
		n := r.Intn(7)
		xs := randVec(r, n, -9, 9)
		k := r.Int63n(21) - 10
		want := make([]int32, n)
		for x := range want {
			want[x] = xs[((int64(x)+k)%int64(n)+int64(n))%int64(n)]
		}
		return []values.Value{scalar64(k), vec32(xs)}, []values.Value{vec32(want)}
	}},
	{"exs", func(r *rand.Rand) ([]values.Value, []values.Value) {
		xs := randVec(r, r.Intn(10), -9, 9)
		want := make([]int32, len(xs))
		acc := int32(0)
		for i, x := range xs {
			want[i] = acc
			acc += x
		}
		return []values.Value{vec32(xs)}, []values.Value{vec32(want)}
	}},
	{"hst", func(r *rand.Rand) ([]values.Value, []values.Value) {
		k := r.Int63n(5)
		n := r.Intn(10)
		is, vs := randIdx(r, n, k), randVec(r, n, -9, 9)
		want := make([]int32, k)
		for j, i := range is {
			if i >= 0 && i < k {
				want[i] += vs[j]
			}
		}
		return []values.Value{scalar64(k), i64s(is), vec32(vs)}, []values.Value{vec32(want)}
	}},
	{"sc2", func(r *rand.Rand) ([]values.Value, []values.Value) {
		k, m, n := r.Int63n(4), r.Int63n(4), r.Intn(8)
		dest := randVec(r, int(k*m), 0, 9)
		is, js := randIdx(r, n, k), randIdx(r, n, m)
		vs := randVec(r, n, 10, 99)
		want := append([]int32{}, dest...)
		for p := range is {
			if is[p] >= 0 && is[p] < k && js[p] >= 0 && js[p] < m {
				want[is[p]*m+js[p]] = vs[p]
			}
		}
		return []values.Value{i32s([]int64{k, m}, dest), i64s(is), i64s(js), vec32(vs)},
			[]values.Value{i32s([]int64{k, m}, want)}
	}},
	{"rbi3", func(r *rand.Rand) ([]values.Value, []values.Value) {
		k, m, l, n := r.Int63n(3)+1, r.Int63n(3)+1, r.Int63n(3), r.Intn(10)
		dest := randVec(r, int(k*m*l), 0, 9)
		is, js, hs := randIdx(r, n, k), randIdx(r, n, m), randIdx(r, n, l)
		vs := randVec(r, n, 10, 99)
		want := append([]int32{}, dest...)
		for p := range is {
			if is[p] >= 0 && is[p] < k && js[p] >= 0 && js[p] < m && hs[p] >= 0 && hs[p] < l {
				want[(is[p]*m+js[p])*l+hs[p]] += vs[p]
			}
		}
		shape := []int64{k, m, l}
		return []values.Value{i32s(shape, dest), i64s(is), i64s(js), i64s(hs), vec32(vs)},
			[]values.Value{i32s(shape, want)}
	}},
	{"tr", func(r *rand.Rand) ([]values.Value, []values.Value) {
		n, m := r.Int63n(4), r.Int63n(4)
		xs := randVec(r, int(n*m), -9, 9)
		want := make([]int32, n*m)
		for i := int64(0); i < n; i++ {
			for j := int64(0); j < m; j++ {
				want[j*n+i] = xs[i*m+j]
			}
		}
		return []values.Value{i32s([]int64{n, m}, xs)}, []values.Value{i32s([]int64{m, n}, want)}
	}},
	{"fold", func(r *rand.Rand) ([]values.Value, []values.Value) {
		xs := randVec(r, r.Intn(8), -9, 9)
		l, rr := int32(1), int32(1)
		for i := range xs {
			l = l*3 - xs[i]
			rr = rr*3 - xs[len(xs)-1-i]
		}
		return []values.Value{vec32(xs)}, []values.Value{scalar32(l), scalar32(rr)}
	}},
}

func orEmpty(xs []int64) []int64 {
	if xs == nil {
		return []int64{}
	}
	return xs
}

func TestRandomAgainstGo(t *testing.T) {
	prog, err := check.CheckSource("random.fut", []byte(randomProgram), nil)
	if err != nil {
		t.Fatalf("%s", check.FormatError(err))
	}
	entries := map[string]*check.Entry{}
	for _, e := range prog.Entries {
		entries[e.Name] = e
	}
	r := rand.New(rand.NewSource(1))
	for _, rc := range randomCases {
		e := entries[rc.entry]
		if e == nil {
			t.Fatalf("no entry %s", rc.entry)
		}
		for trial := 0; trial < 40; trial++ {
			args, want := rc.gen(r)
			got, err := runEntry(prog, e, args)
			if err != nil {
				t.Errorf("%s%v: %v", rc.entry, args, err)
				continue
			}
			if ms := values.Compare(want, got); len(ms) > 0 {
				t.Errorf("%s%v: %v (got %v, want %v)", rc.entry, args, ms[0].Msg, got, want)
			}
		}
	}
}

func runEntry(prog *check.Program, e *check.Entry, args []values.Value) ([]values.Value, error) {
	ev := newEvaluator(prog)
	f, err := ev.global(e.Bind, nil)
	if err != nil {
		return nil, err
	}
	for _, a := range args {
		if f, err = ev.apply(f, fromValue(a)); err != nil {
			return nil, err
		}
	}
	return resultValues(f, e)
}

// FuzzAgainstGo runs every random case from a fuzzed seed.
func FuzzAgainstGo(f *testing.F) {
	for _, seed := range []int64{0, 1, 2, 42, -7} {
		f.Add(seed)
	}
	prog, err := check.CheckSource("random.fut", []byte(randomProgram), nil)
	if err != nil {
		f.Fatalf("%s", check.FormatError(err))
	}
	entries := map[string]*check.Entry{}
	for _, e := range prog.Entries {
		entries[e.Name] = e
	}
	f.Fuzz(func(t *testing.T, seed int64) {
		r := rand.New(rand.NewSource(seed))
		for _, rc := range randomCases {
			args, want := rc.gen(r)
			got, err := runEntry(prog, entries[rc.entry], args)
			if err != nil {
				t.Fatalf("%s%v: %v", rc.entry, args, err)
			}
			if ms := values.Compare(want, got); len(ms) > 0 {
				t.Fatalf("%s%v: %v", rc.entry, args, ms[0].Msg)
			}
		}
	})
}
