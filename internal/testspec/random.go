package testspec

import (
	"hash/fnv"
	"math/rand/v2"
	"path/filepath"
	"strconv"

	"github.com/fluxion-lang/fluxion/internal/prim"
	"github.com/fluxion-lang/fluxion/internal/values"
)

// RandomInput generates the arguments of a random input case for entry
// (FORMATS.md §3.5). The values depend only on the program's file name,
// the entry point, the case's block and index, and the generators, so a
// failure is reproducible from any directory.
func RandomInput(path, entry string, c *Case) []Value {
	h := fnv.New64a()
	for _, s := range []string{filepath.Base(path), entry, strconv.Itoa(c.Block), strconv.Itoa(c.Index)} {
		h.Write([]byte(s))
		h.Write([]byte{0})
	}
	seed := h.Sum64()
	rng := rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15))
	args := make([]Value, len(c.Input.Gens))
	for i, g := range c.Input.Gens {
		if g.Type == prim.Invalid {
			args[i] = g.Const
			continue
		}
		args[i] = randomValue(rng, g.Type, g.Dims)
	}
	return args
}

// randomValue returns an array of the given shape whose elements are
// uniform over t's range (integers), in [0, 1) (floats), or either bool.
func randomValue(rng *rand.Rand, t prim.Type, dims []int64) Value {
	n := int64(1)
	for _, d := range dims {
		n *= d
	}
	var data any
	switch t {
	case prim.I8:
		data = fill(n, func() int8 { return int8(rng.Uint64()) })
	case prim.I16:
		data = fill(n, func() int16 { return int16(rng.Uint64()) })
	case prim.I32:
		data = fill(n, func() int32 { return int32(rng.Uint64()) })
	case prim.I64:
		data = fill(n, func() int64 { return int64(rng.Uint64()) })
	case prim.U8:
		data = fill(n, func() uint8 { return uint8(rng.Uint64()) })
	case prim.U16:
		data = fill(n, func() uint16 { return uint16(rng.Uint64()) })
	case prim.U32:
		data = fill(n, func() uint32 { return uint32(rng.Uint64()) })
	case prim.U64:
		data = fill(n, rng.Uint64)
	case prim.F16:
		// k/2048 with k < 2048 is exact in f16, so the result stays below 1.
		data = fill(n, func() uint16 { return prim.F16FromFloat64(float64(rng.IntN(2048)) / 2048) })
	case prim.F32:
		data = fill(n, rng.Float32)
	case prim.F64:
		data = fill(n, rng.Float64)
	case prim.Bool:
		data = fill(n, func() bool { return rng.Uint64()&1 == 1 })
	}
	v, err := values.FromData(t, dims, data)
	if err != nil {
		panic("testspec: generating " + t.String() + ": " + err.Error()) // the parser checked the type
	}
	return v
}

func fill[E any](n int64, gen func() E) []E {
	xs := make([]E, n)
	for i := range xs {
		xs[i] = gen()
	}
	return xs
}
