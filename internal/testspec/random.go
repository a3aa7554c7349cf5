package testspec

import (
	"hash/fnv"
	"math/rand/v2"
	"path/filepath"
	"strconv"

	"github.com/fluxion-lang/fluxion/internal/dataset"
	"github.com/fluxion-lang/fluxion/internal/prim"
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
		args[i] = dataset.Generate(rng, dataset.Type{Dims: g.Dims, Elem: g.Type}, nil)
	}
	return args
}
