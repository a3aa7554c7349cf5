package values

import (
	"bufio"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"math"
	"math/big"
	"os"
	"strconv"
	"strings"

	"github.com/fluxion-lang/fluxion/internal/prim"
	"github.com/fluxion-lang/fluxion/rt"
)

// SyntaxError is a malformed or mistyped value in the input, with the
// position where it starts.
type SyntaxError struct {
	Line, Col int   // 1-based; columns count bytes
	Offset    int64 // 0-based byte offset
	Msg       string
}

func (e *SyntaxError) Error() string {
	return fmt.Sprintf("line %d, column %d: %s", e.Line, e.Col, e.Msg)
}

// Reader reads a sequence of values in the textual or binary format (or
// both, mixed) from an input stream.
type Reader struct {
	br     *bufio.Reader
	src    io.Reader // what br reads, for the length of the input left
	line   int
	col    int
	offset int64
	depth  int // nesting of '[' being parsed
}

// maxDepth bounds array nesting (the binary format allows rank 255).
const maxDepth = 255

// NewReader returns a Reader reading from r.
func NewReader(r io.Reader) *Reader {
	return &Reader{br: bufio.NewReader(r), src: r, line: 1, col: 1}
}

// ReadAll reads every value in r (untyped, §1.1) until the end of input.
func ReadAll(r io.Reader) ([]Value, error) {
	rd := NewReader(r)
	var vs []Value
	for {
		v, err := rd.Read()
		if err == io.EOF {
			return vs, nil
		}
		if err != nil {
			return vs, err
		}
		vs = append(vs, v)
	}
}

// ParseText reads every value in s (see ReadAll).
func ParseText(s string) ([]Value, error) { return ReadAll(strings.NewReader(s)) }

// maxToken bounds the length of one scalar token, so garbage input cannot
// make the reader buffer without limit.
const maxToken = 4096

// errf returns a SyntaxError at the reader's current position.
func (r *Reader) errf(format string, args ...any) error {
	return r.errAt(r.line, r.col, r.offset, format, args...)
}

func (r *Reader) errAt(line, col int, off int64, format string, args ...any) error {
	return &SyntaxError{Line: line, Col: col, Offset: off, Msg: fmt.Sprintf(format, args...)}
}

// peek returns the next byte without consuming it, or -1 at end of input.
func (r *Reader) peek() (int, error) {
	b, err := r.br.Peek(1)
	if err == io.EOF {
		return -1, nil
	}
	if err != nil {
		return -1, err
	}
	return int(b[0]), nil
}

// next consumes one byte, which the caller has peeked.
func (r *Reader) next() byte {
	c, _ := r.br.ReadByte()
	r.offset++
	if c == '\n' {
		r.line++
		r.col = 1
	} else {
		r.col++
	}
	return c
}

// skipSpace skips whitespace and "--" comments.
func (r *Reader) skipSpace() error {
	for {
		c, err := r.peek()
		if err != nil {
			return err
		}
		switch {
		case c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v':
			r.next()
		case c == '-':
			b, _ := r.br.Peek(2)
			if len(b) < 2 || b[1] != '-' {
				return nil
			}
			for c != '\n' && c != -1 {
				r.next()
				if c, err = r.peek(); err != nil {
					return err
				}
			}
		default:
			return nil
		}
	}
}

// Read reads the next value with the untyped rules of FORMATS.md §1.1. At
// the end of the input it returns io.EOF.
func (r *Reader) Read() (Value, error) { return r.read(prim.Invalid, -1) }

// ReadType reads the next value as the expected element type t and rank
// (type-directed reading, §1.4). At the end of the input it returns
// io.ErrUnexpectedEOF wrapped in a SyntaxError naming the expected type.
func (r *Reader) ReadType(t prim.Type, rank int) (Value, error) {
	if t == prim.Invalid || t.String() == "invalid" || rank < 0 {
		return Value{}, fmt.Errorf("values: ReadType with invalid type %v, rank %d", t, rank)
	}
	v, err := r.read(t, rank)
	if err == io.EOF {
		return Value{}, r.errf("expected %s value, found end of input", typeString(t, rank))
	}
	return v, err
}

// ExpectEnd checks that only whitespace and comments remain.
func (r *Reader) ExpectEnd() error {
	if err := r.skipSpace(); err != nil {
		return err
	}
	c, err := r.peek()
	if err != nil {
		return err
	}
	if c != -1 {
		return r.errf("expected end of input, found %s", r.describeNext())
	}
	return nil
}

// describeNext quotes the upcoming text for an error message.
func (r *Reader) describeNext() string {
	b, _ := r.br.Peek(20)
	s := string(b)
	if k := strings.IndexAny(s, " \t\r\n"); k > 0 {
		s = s[:k]
	}
	if s == "" {
		return "end of input"
	}
	return strconv.Quote(s)
}

func (r *Reader) read(want prim.Type, rank int) (Value, error) {
	if err := r.skipSpace(); err != nil {
		return Value{}, err
	}
	c, err := r.peek()
	if err != nil {
		return Value{}, err
	}
	if c == -1 {
		return Value{}, io.EOF
	}
	if c == 'b' {
		return r.readBinary(want, rank)
	}
	line, col, off := r.line, r.col, r.offset
	var elems []prim.Value
	t, shape, err := r.parse(want, &elems)
	if err != nil {
		return Value{}, err
	}
	if rank >= 0 && (len(shape) != rank || t != want) {
		return Value{}, r.errAt(line, col, off, "expected %s value, found %s value", typeString(want, rank), typeString(t, len(shape)))
	}
	v := NewArray(t, shape)
	for i, e := range elems {
		v.Set(i, e)
	}
	return v, nil
}

// parse reads one textual value, appending its elements to out, and returns
// its element type and shape. want is the expected element type, or Invalid
// when the value's own suffixes and defaults decide.
func (r *Reader) parse(want prim.Type, out *[]prim.Value) (prim.Type, []int64, error) {
	if err := r.skipSpace(); err != nil {
		return 0, nil, err
	}
	c, err := r.peek()
	if err != nil {
		return 0, nil, err
	}
	switch c {
	case '[':
		return r.parseList(want, out)
	case '"':
		return r.parseString(want, out)
	}
	line, col, off := r.line, r.col, r.offset
	tok, err := r.token()
	if err != nil {
		return 0, nil, err
	}
	if tok == "empty" {
		if err := r.skipSpace(); err != nil {
			return 0, nil, err
		}
		if c, _ := r.peek(); c == '(' {
			return r.parseEmpty(want, line, col, off)
		}
	}
	if tok == "" {
		if c == -1 {
			return 0, nil, r.errf("expected value, found end of input")
		}
		return 0, nil, r.errf("expected value, found %s", r.describeNext())
	}
	v, err := parseScalar(tok, want)
	if err != nil {
		return 0, nil, r.errAt(line, col, off, "%s", err.Error())
	}
	*out = append(*out, v)
	return v.Type(), nil, nil
}

func (r *Reader) parseList(want prim.Type, out *[]prim.Value) (prim.Type, []int64, error) {
	line, col, off := r.line, r.col, r.offset
	if r.depth >= maxDepth {
		return 0, nil, r.errf("array nested more than %d deep", maxDepth)
	}
	r.depth++
	defer func() { r.depth-- }()
	r.next() // '['
	var (
		elem     prim.Type
		rowShape []int64
		n        int64
	)
	for {
		if err := r.skipSpace(); err != nil {
			return 0, nil, err
		}
		c, err := r.peek()
		if err != nil {
			return 0, nil, err
		}
		if c == ']' {
			if n == 0 {
				return 0, nil, r.errAt(line, col, off, "empty array: write empty([0]t) with the element type t")
			}
			r.next()
			break
		}
		if n > 0 {
			if c != ',' {
				return 0, nil, r.errf("expected ',' or ']' in array, found %s", r.describeNext())
			}
			r.next()
			if err := r.skipSpace(); err != nil {
				return 0, nil, err
			}
			if c, _ := r.peek(); c == ']' {
				r.next()
				break
			}
		}
		// The first element is read on its own; later scalars take its type.
		elemWant := want
		if n > 0 && len(rowShape) == 0 {
			elemWant = elem
		}
		eline, ecol, eoff := r.line, r.col, r.offset
		t, shape, err := r.parse(elemWant, out)
		if err != nil {
			return 0, nil, err
		}
		if n == 0 {
			elem, rowShape = t, shape
		} else if t != elem || !sameShape(shape, rowShape) {
			return 0, nil, r.errAt(eline, ecol, eoff, "irregular array: element of type %s%s after elements of type %s%s",
				ShapeString(shape), t, ShapeString(rowShape), elem)
		}
		n++
	}
	return elem, append([]int64{n}, rowShape...), nil
}

func (r *Reader) parseEmpty(want prim.Type, line, col int, off int64) (prim.Type, []int64, error) {
	r.next() // '('
	var shape []int64
	zero := false
	for {
		if err := r.skipSpace(); err != nil {
			return 0, nil, err
		}
		c, err := r.peek()
		if err != nil {
			return 0, nil, err
		}
		if c != '[' {
			break
		}
		r.next()
		if err := r.skipSpace(); err != nil {
			return 0, nil, err
		}
		dline, dcol, doff := r.line, r.col, r.offset
		tok, err := r.token()
		if err != nil {
			return 0, nil, err
		}
		d, perr := strconv.ParseInt(strings.ReplaceAll(tok, "_", ""), 10, 64)
		if perr != nil || d < 0 || tok == "" || tok[0] < '0' || tok[0] > '9' {
			return 0, nil, r.errAt(dline, dcol, doff, "expected dimension size in empty(...), found %q", tok)
		}
		if err := r.skipSpace(); err != nil {
			return 0, nil, err
		}
		if c, _ := r.peek(); c != ']' {
			return 0, nil, r.errf("expected ']' in empty(...), found %s", r.describeNext())
		}
		r.next()
		zero = zero || d == 0
		shape = append(shape, d)
	}
	tline, tcol, toff := r.line, r.col, r.offset
	tok, err := r.token()
	if err != nil {
		return 0, nil, err
	}
	t, ok := prim.Parse(tok)
	if !ok {
		return 0, nil, r.errAt(tline, tcol, toff, "expected element type in empty(...), found %q", tok)
	}
	if err := r.skipSpace(); err != nil {
		return 0, nil, err
	}
	if c, _ := r.peek(); c != ')' {
		return 0, nil, r.errf("expected ')' after empty(...), found %s", r.describeNext())
	}
	r.next()
	if len(shape) == 0 || !zero {
		return 0, nil, r.errAt(line, col, off, "empty(...) needs dimensions with at least one zero, as in empty([0]%s)", t)
	}
	if want != prim.Invalid && t != want {
		return 0, nil, r.errAt(line, col, off, "expected %s value, found empty array of %s", want, t)
	}
	return t, shape, nil
}

func (r *Reader) parseString(want prim.Type, out *[]prim.Value) (prim.Type, []int64, error) {
	line, col, off := r.line, r.col, r.offset
	if want != prim.Invalid && want != prim.U8 {
		return 0, nil, r.errf("expected %s value, found a string", want)
	}
	r.next() // '"'
	var n int64
	emit := func(b byte) {
		*out = append(*out, prim.IntValue(prim.U8, int64(b)))
		n++
	}
	for {
		c, err := r.peek()
		if err != nil {
			return 0, nil, err
		}
		switch c {
		case -1, '\n':
			return 0, nil, r.errAt(line, col, off, "unterminated string")
		case '"':
			r.next()
			return prim.U8, []int64{n}, nil
		case '\\':
			r.next()
			e, err := r.peek()
			if err != nil {
				return 0, nil, err
			}
			if e >= '0' && e <= '9' {
				code := 0
				for e >= '0' && e <= '9' && code <= 0x10ffff {
					code = code*10 + int(r.next()-'0')
					if e, err = r.peek(); err != nil {
						return 0, nil, err
					}
				}
				if code > 0x10ffff {
					return 0, nil, r.errf("character code too large in string escape")
				}
				for _, b := range []byte(string(rune(code))) {
					emit(b)
				}
				continue
			}
			esc := map[int]byte{'n': '\n', 't': '\t', 'r': '\r', '\\': '\\', '"': '"', '\'': '\'', 'a': 7, 'b': 8, 'f': 12, 'v': 11}
			b, ok := esc[e]
			if !ok {
				return 0, nil, r.errf("unknown escape in string")
			}
			r.next()
			emit(b)
		default:
			emit(r.next())
		}
	}
}

// token reads a scalar token: an optional sign, then letters, digits, '_'
// and '.', and a sign right after the exponent letter of a decimal number.
func (r *Reader) token() (string, error) {
	// Fast path: the whole token is already buffered.
	if _, err := r.br.Peek(1); err != nil && err != io.EOF {
		return "", err
	}
	if data, _ := r.br.Peek(r.br.Buffered()); len(data) > 0 {
		if k := tokenLen(data); k < len(data) {
			s := string(data[:k])
			r.br.Discard(k)
			r.col += k // tokens contain no newlines
			r.offset += int64(k)
			return s, nil
		}
	}
	var b []byte
	for len(b) <= maxToken {
		c, err := r.peek()
		if err != nil {
			return "", err
		}
		if c == -1 || tokenLen(append(b, byte(c))) == len(b) {
			return string(b), nil
		}
		b = append(b, r.next())
	}
	return "", r.errf("token too long")
}

// tokenLen returns the length of the token at the start of data (all of
// data if the token may continue beyond it).
func tokenLen(data []byte) int {
	for k, c := range data {
		switch {
		case c == '-' || c == '+':
			if k > 0 && !exponentSign(data[:k]) {
				return k
			}
		case c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_' || c == '.':
		default:
			return k
		}
	}
	return len(data)
}

// exponentSign reports whether a sign after b continues a decimal float's
// exponent ("1e-3"), as opposed to starting something else.
func exponentSign(b []byte) bool {
	last := b[len(b)-1]
	if last != 'e' && last != 'E' {
		return false
	}
	for len(b) > 0 && (b[0] == '+' || b[0] == '-') {
		b = b[1:]
	}
	if len(b) == 0 || b[0] < '0' || b[0] > '9' {
		return false
	}
	return !(len(b) > 1 && b[0] == '0' && (b[1] == 'x' || b[1] == 'X' || b[1] == 'b' || b[1] == 'B'))
}

var suffixes = []struct {
	s string
	t prim.Type
}{
	{"i8", prim.I8}, {"i16", prim.I16}, {"i32", prim.I32}, {"i64", prim.I64},
	{"u8", prim.U8}, {"u16", prim.U16}, {"u32", prim.U32}, {"u64", prim.U64},
	{"f16", prim.F16}, {"f32", prim.F32}, {"f64", prim.F64},
}

// ParseScalar reads one scalar written in the textual format ("3i64",
// "-2.5f32", "f64.nan", "true"). If want is not prim.Invalid the scalar is
// read as that type (§1.4); otherwise its suffix or the i32/f64 default
// decides (§1.1).
func ParseScalar(s string, want prim.Type) (prim.Value, error) { return parseScalar(s, want) }

// parseScalar interprets a scalar token; want is the expected type or
// Invalid. Errors name the expected type and the offending text.
func parseScalar(tok string, want prim.Type) (prim.Value, error) {
	expected := func() error {
		if want == prim.Invalid {
			return fmt.Errorf("expected value, found %q", tok)
		}
		return fmt.Errorf("expected %s value, found %q", want, tok)
	}
	mismatch := func(t prim.Type) (prim.Value, error) {
		return prim.Value{}, fmt.Errorf("expected %s value, found %q of type %s", want, tok, t)
	}
	if tok == "true" || tok == "false" {
		if want != prim.Invalid && want != prim.Bool {
			return mismatch(prim.Bool)
		}
		return prim.BoolValue(tok == "true"), nil
	}
	neg := strings.HasPrefix(tok, "-")
	body := strings.TrimLeft(tok, "+-")
	if len(tok)-len(body) > 1 {
		return prim.Value{}, expected()
	}
	// f32.nan, f64.inf, -f16.inf
	if k := strings.IndexByte(body, '.'); k == 3 && body[0] == 'f' && (body[4:] == "nan" || body[4:] == "inf") {
		t, ok := prim.Parse(body[:3])
		if !ok || !t.IsFloat() || tok[0] == '+' || neg && body[4:] == "nan" {
			return prim.Value{}, expected()
		}
		if want != prim.Invalid && want != t {
			return mismatch(t)
		}
		if body[4:] == "nan" {
			return prim.FloatValue(t, math.NaN()), nil
		}
		if neg {
			return prim.FloatValue(t, math.Inf(-1)), nil
		}
		return prim.FloatValue(t, math.Inf(1)), nil
	}
	base := 10
	digits := body
	if len(body) > 1 && body[0] == '0' && (body[1] == 'x' || body[1] == 'X') {
		base, digits = 16, body[2:]
	} else if len(body) > 1 && body[0] == '0' && (body[1] == 'b' || body[1] == 'B') {
		base, digits = 2, body[2:]
	}
	suffix := prim.Invalid
	for _, s := range suffixes {
		if base != 10 && s.t.IsFloat() {
			continue // hexadecimal digits include 'f'
		}
		if strings.HasSuffix(digits, s.s) {
			suffix, digits = s.t, digits[:len(digits)-len(s.s)]
			break
		}
	}
	isFloat, ok := numberSyntax(digits, base)
	if !ok {
		return prim.Value{}, expected()
	}
	t := suffix
	switch {
	case suffix != prim.Invalid:
		if want != prim.Invalid && want != suffix {
			return mismatch(suffix)
		}
		if isFloat && !suffix.IsFloat() {
			return prim.Value{}, fmt.Errorf("%q: a number with a fraction or exponent cannot have the integer type %s", tok, suffix)
		}
	case want != prim.Invalid:
		if want == prim.Bool || isFloat && !want.IsFloat() {
			return prim.Value{}, expected()
		}
		t = want
	case isFloat:
		t = prim.F64
	default:
		t = prim.I32
	}
	clean := strings.ReplaceAll(digits, "_", "")
	if t.IsInt() || base != 10 {
		mag, err := strconv.ParseUint(clean, base, 64)
		if err != nil {
			return prim.Value{}, fmt.Errorf("%q does not fit in %s", tok, t)
		}
		if t.IsFloat() {
			x := float64(mag)
			if neg {
				x = -x
			}
			return prim.FloatValue(t, x), nil
		}
		return intInRange(tok, t, mag, neg)
	}
	if neg {
		clean = "-" + clean
	}
	return parseFloat(clean, t)
}

// numberSyntax checks the digits of a number (after sign, base prefix and
// suffix) and reports whether it is a decimal float (has '.' or exponent).
// Underscores may follow the first digit.
func numberSyntax(s string, base int) (isFloat, ok bool) {
	isDigit := func(c byte) bool {
		switch base {
		case 2:
			return c == '0' || c == '1'
		case 16:
			return c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F'
		}
		return c >= '0' && c <= '9'
	}
	// digitRun consumes digit (digit | '_')* and returns the rest.
	digitRun := func(s string) (string, bool) {
		if s == "" || !isDigit(s[0]) {
			return s, false
		}
		k := 1
		for k < len(s) && (isDigit(s[k]) || s[k] == '_') {
			k++
		}
		return s[k:], true
	}
	rest, ok := digitRun(s)
	if !ok {
		return false, false
	}
	if base != 10 {
		return false, rest == ""
	}
	if rest != "" && rest[0] == '.' {
		if rest, ok = digitRun(rest[1:]); !ok {
			return false, false
		}
		isFloat = true
	}
	if rest != "" && (rest[0] == 'e' || rest[0] == 'E') {
		rest = rest[1:]
		if rest != "" && (rest[0] == '+' || rest[0] == '-') {
			rest = rest[1:]
		}
		if rest == "" || strings.Trim(rest, "0123456789") != "" {
			return false, false
		}
		return true, true
	}
	return isFloat, rest == ""
}

func intInRange(tok string, t prim.Type, mag uint64, neg bool) (prim.Value, error) {
	w := uint(t.Bits())
	var max uint64 // largest magnitude allowed for the sign
	switch {
	case t.IsUnsigned() && neg:
		max = 0
	case t.IsUnsigned():
		max = math.MaxUint64 >> (64 - w)
	case neg:
		max = 1 << (w - 1)
	default:
		max = 1<<(w-1) - 1
	}
	if mag > max {
		return prim.Value{}, fmt.Errorf("%q does not fit in %s", tok, t)
	}
	if neg {
		return prim.UintValue(t, -mag), nil
	}
	return prim.UintValue(t, mag), nil
}

// parseFloat converts a checked decimal float to the float type t with a
// single correct rounding.
func parseFloat(s string, t prim.Type) (prim.Value, error) {
	switch t {
	case prim.F32:
		x, err := strconv.ParseFloat(s, 32)
		if err != nil && !errors.Is(err, strconv.ErrRange) {
			return prim.Value{}, err
		}
		return prim.FloatValue(prim.F32, x), nil
	case prim.F64:
		x, err := strconv.ParseFloat(s, 64)
		if err != nil && !errors.Is(err, strconv.ErrRange) {
			return prim.Value{}, err
		}
		return prim.FloatValue(prim.F64, x), nil
	}
	x, err := strconv.ParseFloat(s, 64)
	if err != nil && !errors.Is(err, strconv.ErrRange) {
		return prim.Value{}, err
	}
	return prim.FromBits(prim.F16, uint64(f16FromDecimal(s, x))), nil
}

// f16FromDecimal rounds the decimal s, whose nearest f64 is x, to f16.
// Rounding x alone can differ from rounding s when x lands exactly on the
// midpoint between two f16 values; then the exact decimal decides.
func f16FromDecimal(s string, x float64) uint16 {
	h := prim.F16FromFloat64(x)
	y := prim.F16ToFloat64(h)
	if y == x || math.IsNaN(x) || math.IsInf(x, 0) && !math.IsInf(y, 0) {
		return h
	}
	// lo and hi are the f16 bit patterns of the magnitudes around |x|.
	ax := math.Abs(x)
	sign := h & 0x8000
	mag := h &^ 0x8000
	lo, hi := mag, mag
	if math.Abs(y) > ax {
		lo = mag - 1
	} else {
		hi = mag + 1
	}
	mid := (prim.F16ToFloat64(lo) + prim.F16ToFloat64(hi)) / 2
	if hi == 0x7c00 {
		mid = 65520 // the overflow threshold
	}
	if ax != mid {
		return h
	}
	exact, ok := new(big.Rat).SetString(strings.TrimPrefix(s, "-"))
	if !ok {
		return h
	}
	switch exact.Cmp(new(big.Rat).SetFloat64(mid)) {
	case 1:
		return sign | hi
	case -1:
		return sign | lo
	}
	return h
}

// readBinary reads one value in the binary format (§2).
func (r *Reader) readBinary(want prim.Type, rank int) (Value, error) {
	line, col, off := r.line, r.col, r.offset
	fail := func(format string, args ...any) (Value, error) {
		return Value{}, r.errAt(line, col, off, "binary value at byte offset %d: "+format, append([]any{off}, args...)...)
	}
	var head [7]byte
	if n, _ := io.ReadFull(r.br, head[:]); n < len(head) {
		r.offset += int64(n)
		return fail("unexpected end of input in header")
	}
	r.offset += 7
	r.col += 7 // a position in binary data is only meaningful as an offset
	if head[1] != 2 {
		return fail("unsupported format version %d (want 2)", head[1])
	}
	name := string(head[3:7])
	if !binaryTypeNames[name] {
		return fail("unknown element type %q", name)
	}
	t, _ := prim.Parse(strings.TrimLeft(name, " "))
	vrank := int(head[2])
	if rank >= 0 && (t != want || vrank != rank) {
		return fail("expected %s value, found %s value", typeString(want, rank), typeString(t, vrank))
	}
	shape := make([]int64, vrank)
	var dims [8]byte
	for k := range shape {
		if _, err := io.ReadFull(r.br, dims[:]); err != nil {
			return fail("unexpected end of input in dimensions")
		}
		r.offset += 8
		d := binary.LittleEndian.Uint64(dims[:])
		if d > math.MaxInt64 {
			return fail("dimension %d is too large", d)
		}
		shape[k] = int64(d)
	}
	size := t.Bytes()
	count, err := rt.CheckAlloc(shape, int64(size))
	var tooLarge *rt.AllocError
	if errors.As(err, &tooLarge) {
		return fail("shape %s%s is larger than the memory budget of %s (see %s)", ShapeString(shape), t, rt.FormatSize(tooLarge.Budget), rt.BudgetEnv)
	}
	if err != nil {
		return fail("%v", err)
	}
	if left, ok := r.remaining(); ok && count*int64(size) > left {
		return fail("shape %s%s needs %d bytes, but the input has %d left", ShapeString(shape), t, count*int64(size), left)
	}
	n := int(count)
	// Decode in chunks, growing the result as the bytes actually arrive, so
	// a huge size in a short input fails without a huge allocation.
	const chunk = 1 << 16
	data := makeData(t, 0)
	buf := make([]byte, min(n, chunk)*size)
	for done := 0; done < n; {
		k := min(n-done, chunk)
		got, _ := io.ReadFull(r.br, buf[:k*size])
		r.offset += int64(got)
		if got < k*size {
			return fail("unexpected end of input in elements (shape %s%s needs %d bytes)", ShapeString(shape), t, int64(n)*int64(size))
		}
		var err error
		if data, err = appendDecoded(data, buf[:k*size]); err != nil {
			return fail("%v", err)
		}
		done += k
	}
	return Value{elem: t, shape: cloneShape(shape), data: data}, nil
}

// remaining returns how many bytes of input are left when the source
// knows (a regular file, or a reader with a Len method such as
// strings.Reader); pipes and other streams do not.
func (r *Reader) remaining() (int64, bool) {
	buffered := int64(r.br.Buffered())
	switch s := r.src.(type) {
	case interface{ Len() int }:
		return buffered + int64(s.Len()), true
	case *os.File:
		fi, err := s.Stat()
		if err != nil || !fi.Mode().IsRegular() {
			return 0, false
		}
		pos, err := s.Seek(0, io.SeekCurrent)
		if err != nil {
			return 0, false
		}
		return buffered + fi.Size() - pos, true
	}
	return 0, false
}

// appendDecoded appends the little-endian elements in b to data.
func appendDecoded(data any, b []byte) (any, error) {
	le := binary.LittleEndian
	switch d := data.(type) {
	case []int8:
		for _, c := range b {
			d = append(d, int8(c))
		}
		return d, nil
	case []uint8:
		return append(d, b...), nil
	case []bool:
		for _, c := range b {
			if c > 1 {
				return nil, fmt.Errorf("bool byte %d is not 0 or 1", c)
			}
			d = append(d, c == 1)
		}
		return d, nil
	case []int16:
		for k := 0; k < len(b); k += 2 {
			d = append(d, int16(le.Uint16(b[k:])))
		}
		return d, nil
	case []uint16:
		for k := 0; k < len(b); k += 2 {
			d = append(d, le.Uint16(b[k:]))
		}
		return d, nil
	case []int32:
		for k := 0; k < len(b); k += 4 {
			d = append(d, int32(le.Uint32(b[k:])))
		}
		return d, nil
	case []uint32:
		for k := 0; k < len(b); k += 4 {
			d = append(d, le.Uint32(b[k:]))
		}
		return d, nil
	case []float32:
		for k := 0; k < len(b); k += 4 {
			d = append(d, math.Float32frombits(le.Uint32(b[k:])))
		}
		return d, nil
	case []int64:
		for k := 0; k < len(b); k += 8 {
			d = append(d, int64(le.Uint64(b[k:])))
		}
		return d, nil
	case []uint64:
		for k := 0; k < len(b); k += 8 {
			d = append(d, le.Uint64(b[k:]))
		}
		return d, nil
	case []float64:
		for k := 0; k < len(b); k += 8 {
			d = append(d, math.Float64frombits(le.Uint64(b[k:])))
		}
		return d, nil
	}
	return nil, fmt.Errorf("invalid element type")
}
