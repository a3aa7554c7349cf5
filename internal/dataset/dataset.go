// Package dataset generates random values of given types within given
// bounds (`fluxion dataset`, and the `random input` of test blocks) and
// reads type specifications such as [100][16]f32.
package dataset

import (
	"fmt"
	"math"
	"math/rand/v2"
	"strconv"
	"strings"

	"github.com/fluxion-lang/fluxion/internal/prim"
	"github.com/fluxion-lang/fluxion/internal/values"
)

// MaxElems bounds the elements of a generated value, so that a typo
// cannot exhaust memory.
const MaxElems = 1 << 31

// Type is the type of a value to generate: an element type and the
// sizes of its dimensions, outermost first (none for a scalar).
type Type struct {
	Dims []int64
	Elem prim.Type
}

func (t Type) String() string {
	var b strings.Builder
	for _, d := range t.Dims {
		fmt.Fprintf(&b, "[%d]", d)
	}
	b.WriteString(t.Elem.String())
	return b.String()
}

// Len is the number of elements.
func (t Type) Len() int64 {
	n := int64(1)
	for _, d := range t.Dims {
		n *= d
	}
	return n
}

// ParseType reads a type with sizes: ("[" natural "]")* primtype.
func ParseType(s string) (Type, error) {
	var t Type
	rest := s
	elems := int64(1)
	for strings.HasPrefix(rest, "[") {
		end := strings.IndexByte(rest, ']')
		if end < 0 {
			return t, fmt.Errorf("missing `]` in %q", s)
		}
		n, err := strconv.ParseInt(rest[1:end], 10, 64)
		if err != nil || n < 0 || rest[1:end] != strconv.FormatInt(n, 10) {
			return t, fmt.Errorf("expected a size in `[...]` of %q, found %q", s, rest[1:end])
		}
		if n > 0 && elems > MaxElems/n {
			return t, fmt.Errorf("%q has more than %d elements", s, int64(MaxElems))
		}
		elems *= n
		t.Dims = append(t.Dims, n)
		rest = rest[end+1:]
	}
	p, ok := prim.Parse(rest)
	if !ok {
		return t, fmt.Errorf("%q is not a type with sizes, such as [10]f32 or i64 (unknown element type %q)", s, rest)
	}
	t.Elem = p
	return t, nil
}

// Bounds are inclusive bounds on the generated values of one element type.
type Bounds struct{ Lo, Hi prim.Value }

// ParseBounds reads "LO:HI" for element type t.
func ParseBounds(t prim.Type, s string) (Bounds, error) {
	lo, hi, ok := strings.Cut(s, ":")
	if !ok {
		return Bounds{}, fmt.Errorf("bounds %q are not LOW:HIGH", s)
	}
	l, err := parseScalar(t, lo)
	if err != nil {
		return Bounds{}, err
	}
	h, err := parseScalar(t, hi)
	if err != nil {
		return Bounds{}, err
	}
	if above(l, h) {
		return Bounds{}, fmt.Errorf("bounds %q: the lower bound is above the upper one", s)
	}
	return Bounds{l, h}, nil
}

// above reports whether x > y for scalars of one numeric type.
func above(x, y prim.Value) bool {
	switch t := x.Type(); {
	case t.IsSigned():
		return x.Int() > y.Int()
	case t.IsUnsigned():
		return x.Bits() > y.Bits()
	}
	return x.Float() > y.Float()
}

func parseScalar(t prim.Type, s string) (prim.Value, error) {
	s = strings.TrimSpace(s)
	bad := fmt.Errorf("%q is not a %s", s, t)
	switch {
	case t.IsSigned():
		n, err := strconv.ParseInt(s, 10, t.Bits())
		if err != nil {
			return prim.Value{}, bad
		}
		return prim.IntValue(t, n), nil
	case t.IsUnsigned():
		n, err := strconv.ParseUint(s, 10, t.Bits())
		if err != nil {
			return prim.Value{}, bad
		}
		return prim.UintValue(t, n), nil
	case t.IsFloat():
		x, err := strconv.ParseFloat(s, 64)
		if err != nil || math.IsNaN(x) || math.IsInf(x, 0) {
			return prim.Value{}, bad
		}
		v := prim.FloatValue(t, x)
		if math.IsInf(v.Float(), 0) {
			return prim.Value{}, fmt.Errorf("%q is out of the range of %s", s, t)
		}
		return v, nil
	}
	return prim.Value{}, fmt.Errorf("%s values cannot be bounded", t)
}

// Generate returns a random value of type t. Without bounds (b nil),
// integers are uniform over their type's range, floats uniform in [0, 1)
// and booleans either; with bounds, numbers are uniform in [Lo, Hi].
func Generate(rng *rand.Rand, t Type, b *Bounds) values.Value {
	n := t.Len()
	var data any
	if b == nil {
		data = unbounded(rng, t.Elem, n)
	} else {
		data = bounded(rng, t.Elem, n, *b)
	}
	v, err := values.FromData(t.Elem, t.Dims, data)
	if err != nil {
		panic("dataset: generating " + t.String() + ": " + err.Error()) // ParseType checked the type
	}
	return v
}

func unbounded(rng *rand.Rand, t prim.Type, n int64) any {
	switch t {
	case prim.I8:
		return fill(n, func() int8 { return int8(rng.Uint64()) })
	case prim.I16:
		return fill(n, func() int16 { return int16(rng.Uint64()) })
	case prim.I32:
		return fill(n, func() int32 { return int32(rng.Uint64()) })
	case prim.I64:
		return fill(n, func() int64 { return int64(rng.Uint64()) })
	case prim.U8:
		return fill(n, func() uint8 { return uint8(rng.Uint64()) })
	case prim.U16:
		return fill(n, func() uint16 { return uint16(rng.Uint64()) })
	case prim.U32:
		return fill(n, func() uint32 { return uint32(rng.Uint64()) })
	case prim.U64:
		return fill(n, rng.Uint64)
	case prim.F16:
		// k/2048 with k < 2048 is exact in f16, so the result stays below 1.
		return fill(n, func() uint16 { return prim.F16FromFloat64(float64(rng.IntN(2048)) / 2048) })
	case prim.F32:
		return fill(n, rng.Float32)
	case prim.F64:
		return fill(n, rng.Float64)
	}
	return fill(n, func() bool { return rng.Uint64()&1 == 1 })
}

func bounded(rng *rand.Rand, t prim.Type, n int64, b Bounds) any {
	switch {
	case t.IsSigned():
		lo, hi := b.Lo.Int(), b.Hi.Int()
		span := uint64(hi - lo) // the distance fits in uint64 even if it overflows int64
		draw := func() int64 { return lo + int64(uniform(rng, span)) }
		switch t {
		case prim.I8:
			return fill(n, func() int8 { return int8(draw()) })
		case prim.I16:
			return fill(n, func() int16 { return int16(draw()) })
		case prim.I32:
			return fill(n, func() int32 { return int32(draw()) })
		}
		return fill(n, draw)
	case t.IsUnsigned():
		lo, hi := b.Lo.Bits(), b.Hi.Bits()
		draw := func() uint64 { return lo + uniform(rng, hi-lo) }
		switch t {
		case prim.U8:
			return fill(n, func() uint8 { return uint8(draw()) })
		case prim.U16:
			return fill(n, func() uint16 { return uint16(draw()) })
		case prim.U32:
			return fill(n, func() uint32 { return uint32(draw()) })
		}
		return fill(n, draw)
	case t.IsFloat():
		lo, hi := b.Lo.Float(), b.Hi.Float()
		// Rounding to the type may step outside the bounds; clamp.
		draw := func() float64 { return min(max(lo+(hi-lo)*rng.Float64(), lo), hi) }
		switch t {
		case prim.F16:
			return fill(n, func() uint16 {
				h := prim.F16FromFloat64(draw())
				if x := prim.F16ToFloat64(h); x < lo || x > hi {
					h = prim.F16FromFloat64(lo)
				}
				return h
			})
		case prim.F32:
			return fill(n, func() float32 {
				x := float32(draw())
				if float64(x) < lo || float64(x) > hi {
					x = float32(lo)
				}
				return x
			})
		}
		return fill(n, draw)
	}
	return unbounded(rng, t, n)
}

// uniform draws from 0..span inclusive.
func uniform(rng *rand.Rand, span uint64) uint64 {
	if span == math.MaxUint64 {
		return rng.Uint64()
	}
	return rng.Uint64N(span + 1)
}

func fill[E any](n int64, gen func() E) []E {
	xs := make([]E, n)
	for i := range xs {
		xs[i] = gen()
	}
	return xs
}
