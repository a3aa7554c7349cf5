package syntax

import (
	"fmt"
	"math/big"
	"strings"
	"unicode/utf8"

	"github.com/fluxion-lang/fluxion/internal/prim"
)

// Exponents beyond these bounds (plus the mantissa length) overflow or
// underflow every float type, so clamping them keeps the rounded value
// while stopping a short literal from building an enormous big.Rat.
const (
	maxDecExponent = 400  // 10^400 > max f64; 10^-400 < min f64 / 2
	maxBinExponent = 1200 // 2^1200 > max f64; 2^-1200 < min f64 / 2
)

// lexer turns source bytes into tokens. It never stops at an error: it
// records it and skips the offending bytes.
type lexer struct {
	file      string
	src       []byte
	text      string // src as a string, so token texts share its memory
	off       int
	line      int
	lineStart int
	mode      Mode
	errs      ErrorList
	toks      []token
	docs      map[int]string // doc comments by index of the following token
}

// lex tokenises src; the result always ends with a tEOF token.
func lex(file string, src []byte, mode Mode) ([]token, ErrorList) {
	toks, _, errs := lexDocs(file, src, mode)
	return toks, errs
}

// lexDocs is lex that also returns the doc comments, keyed by the index of
// the token that follows each.
func lexDocs(file string, src []byte, mode Mode) ([]token, map[int]string, ErrorList) {
	lx := &lexer{file: file, src: src, text: string(src), line: 1, mode: mode}
	lx.toks = make([]token, 0, len(src)/2+16)
	lx.run()
	return lx.toks, lx.docs, lx.errs
}

func (lx *lexer) pos() Pos {
	return Pos{File: lx.file, Line: lx.line, Col: lx.off - lx.lineStart + 1}
}

func (lx *lexer) errorAt(p Pos, format string, args ...any) {
	lx.errs = append(lx.errs, &Error{Pos: p, Msg: fmt.Sprintf(format, args...)})
}

func (lx *lexer) peek(k int) byte {
	if lx.off+k < len(lx.src) {
		return lx.src[lx.off+k]
	}
	return 0
}

func (lx *lexer) newline() {
	lx.line++
	lx.lineStart = lx.off
}

func (lx *lexer) run() {
	space := true
	doc := ""
	inDoc := false
	for {
		// Skip whitespace and comments, collecting doc comments.
		for lx.off < len(lx.src) {
			c := lx.src[lx.off]
			if c == '\n' {
				lx.off++
				lx.newline()
				space = true
				continue
			}
			if c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v' {
				lx.off++
				space = true
				continue
			}
			if c == '-' && lx.peek(1) == '-' {
				start := lx.off
				for lx.off < len(lx.src) && lx.src[lx.off] != '\n' {
					lx.off++
				}
				text := string(lx.src[start+2 : lx.off])
				switch {
				case strings.HasPrefix(text, " |") || strings.HasPrefix(text, "|"):
					inDoc = true
					doc = strings.TrimPrefix(strings.TrimPrefix(text, " "), "|")
					doc = strings.TrimPrefix(doc, " ")
				case inDoc:
					doc += "\n" + strings.TrimPrefix(text, " ")
				}
				space = true
				continue
			}
			break
		}
		if lx.off >= len(lx.src) {
			p := lx.pos()
			lx.toks = append(lx.toks, token{kind: tEOF, pos: p, space: true})
			return
		}
		start := lx.off
		p := lx.pos()
		tok := lx.next()
		tok.pos = p
		if tok.text == "" {
			tok.text = lx.text[start:lx.off]
		}
		tok.space = space
		tok.start, tok.end = start, lx.off
		if doc != "" {
			if lx.docs == nil {
				lx.docs = map[int]string{}
			}
			lx.docs[len(lx.toks)] = doc
		}
		space, doc, inDoc = false, "", false
		if tok.kind == tEOF {
			continue // a skipped bad character
		}
		lx.toks = append(lx.toks, tok)
	}
}

// next lexes one token starting at a non-space byte. It returns tEOF for
// bytes it skipped after reporting an error.
func (lx *lexer) next() token {
	c := lx.src[lx.off]
	switch {
	case isLetter(c):
		return lx.ident()
	case c == '_':
		c1 := lx.peek(1)
		if isLetter(c1) || isDigit(c1) {
			return lx.ident()
		}
		if c1 == '_' {
			p := lx.pos()
			t := lx.ident()
			if lx.mode&AllowIntrinsics == 0 {
				lx.errorAt(p, "names starting with __ are reserved for intrinsics: %s", t.text)
			}
			return t
		}
		lx.off++
		return token{kind: tUnder}
	case isDigit(c):
		return lx.number()
	case c == '\'':
		return lx.tick()
	case c == '"':
		return lx.stringLit()
	case c == '#':
		return lx.hash()
	case c == '.':
		return lx.dots()
	case isOpChar(c):
		start := lx.off
		for lx.off < len(lx.src) && (isOpChar(lx.src[lx.off]) || lx.src[lx.off] == '.') {
			lx.off++
		}
		switch lx.text[start:lx.off] {
		case "=":
			return token{kind: tEquals}
		case "->":
			return token{kind: tArrow}
		}
		return token{kind: tSymbol}
	}
	lx.off++
	switch c {
	case '(':
		return token{kind: tLParen}
	case ')':
		return token{kind: tRParen}
	case '[':
		if lx.off >= 2 && len(lx.toks) > 0 && lx.toks[len(lx.toks)-1].kind != tKeyword {
			b := lx.src[lx.off-2]
			if isConstituent(b) || b == ')' || b == ']' {
				return token{kind: tLBrackIx}
			}
		}
		return token{kind: tLBrack}
	case ']':
		return token{kind: tRBrack}
	case '{':
		return token{kind: tLBrace}
	case '}':
		return token{kind: tRBrace}
	case ',':
		return token{kind: tComma}
	case ':':
		if lx.peek(0) == '>' {
			lx.off++
			return token{kind: tColonGt}
		}
		return token{kind: tColon}
	case '\\':
		return token{kind: tBackslash}
	case '`':
		return token{kind: tBacktick}
	case '$':
		return token{kind: tDollar}
	case '?':
		if lx.peek(0) == '?' && lx.peek(1) == '?' {
			lx.off += 2
			return token{kind: tHole}
		}
		return token{kind: tQuestion}
	}
	lx.off--
	p := lx.pos()
	r, size := utf8.DecodeRune(lx.src[lx.off:])
	lx.off += size
	if r == utf8.RuneError && size <= 1 {
		lx.errorAt(p, "invalid UTF-8 byte 0x%02x", c)
	} else {
		lx.errorAt(p, "unexpected character %q", r)
	}
	return token{kind: tEOF}
}

// posAt converts an offset on the current line to a position.
func (lx *lexer) posAt(off int) Pos {
	return Pos{File: lx.file, Line: lx.line, Col: off - lx.lineStart + 1}
}

func (lx *lexer) ident() token {
	start := lx.off
	for lx.off < len(lx.src) && isConstituent(lx.src[lx.off]) {
		lx.off++
	}
	text := lx.text[start:lx.off]
	if !keywords[text] {
		return token{kind: tIdent, text: text}
	}
	if text == "type" && (lx.peek(0) == '~' || lx.peek(0) == '^') {
		lx.off++
		text += string(lx.src[lx.off-1])
	}
	return token{kind: tKeyword, text: text}
}

func (lx *lexer) dots() token {
	switch {
	case lx.peek(1) == '.' && lx.peek(2) == '.':
		lx.off += 3
		return token{kind: tDotDotDot}
	case lx.peek(1) == '.' && lx.peek(2) == '<':
		lx.off += 3
		return token{kind: tDotDotLt}
	case lx.peek(1) == '.' && lx.peek(2) == '>':
		lx.off += 3
		return token{kind: tDotDotGt}
	case lx.peek(1) == '.':
		lx.off += 2
		return token{kind: tDotDot}
	}
	lx.off++
	return token{kind: tDot}
}

func (lx *lexer) hash() token {
	p := lx.pos()
	c1 := lx.peek(1)
	if c1 == '[' {
		lx.off += 2
		return token{kind: tAttr}
	}
	if isLetter(c1) || c1 == '_' && (isLetter(lx.peek(2)) || isDigit(lx.peek(2))) {
		lx.off++
		start := lx.off
		for lx.off < len(lx.src) && isConstituent(lx.src[lx.off]) {
			lx.off++
		}
		return token{kind: tConstr, text: lx.text[start:lx.off]}
	}
	lx.off++
	lx.errorAt(p, "expected a constructor name or [ directly after #")
	return token{kind: tEOF}
}

// tick lexes ', '^, '~ or a character literal.
func (lx *lexer) tick() token {
	p := lx.pos()
	c1 := lx.peek(1)
	switch {
	case c1 == '^':
		lx.off += 2
		return token{kind: tTickHat}
	case c1 == '~':
		lx.off += 2
		return token{kind: tTickTilde}
	case c1 == '\\':
		start := lx.off
		lx.off++
		r, ok := lx.escape()
		if lx.peek(0) != '\'' {
			lx.errorAt(p, "unterminated character literal")
			return token{kind: tEOF}
		}
		lx.off++
		if !ok {
			return token{kind: tEOF}
		}
		text := lx.text[start:lx.off]
		return token{kind: tInt, text: text, lit: &IntLit{Text: text, Value: big.NewInt(int64(r))}}
	}
	if lx.off+1 < len(lx.src) && c1 != '\n' && c1 != '\'' {
		r, size := utf8.DecodeRune(lx.src[lx.off+1:])
		if lx.peek(1+size) == '\'' {
			start := lx.off
			lx.off += 2 + size
			text := lx.text[start:lx.off]
			if r == utf8.RuneError && size <= 1 {
				lx.errorAt(p, "invalid UTF-8 in character literal")
			}
			return token{kind: tInt, text: text, lit: &IntLit{Text: text, Value: big.NewInt(int64(r))}}
		}
	}
	lx.off++
	return token{kind: tTick}
}

// escape decodes a backslash escape at lx.off; ok is false after an error.
func (lx *lexer) escape() (rune, bool) {
	p := lx.pos()
	lx.off++ // the backslash
	c := lx.peek(0)
	if lx.off >= len(lx.src) {
		lx.errorAt(p, "unterminated escape sequence")
		return 0, false
	}
	lx.off++
	switch c {
	case 'n':
		return '\n', true
	case 't':
		return '\t', true
	case 'r':
		return '\r', true
	case 'a':
		return '\a', true
	case 'b':
		return '\b', true
	case 'f':
		return '\f', true
	case 'v':
		return '\v', true
	case '\\', '\'', '"':
		return rune(c), true
	case 'x', 'o':
		base, isd := 16, isHexDigit
		if c == 'o' {
			base, isd = 8, func(b byte) bool { return '0' <= b && b <= '7' }
		}
		return lx.escapeDigits(p, base, isd)
	}
	if isDigit(c) {
		lx.off--
		return lx.escapeDigits(p, 10, isDigit)
	}
	lx.errorAt(p, "unknown escape sequence \\%c", c)
	return 0, false
}

func (lx *lexer) escapeDigits(p Pos, base int, isd func(byte) bool) (rune, bool) {
	start := lx.off
	v := 0
	for lx.off < len(lx.src) && isd(lx.src[lx.off]) {
		d := int(lx.src[lx.off])
		switch {
		case d >= 'a':
			d -= 'a' - 10
		case d >= 'A':
			d -= 'A' - 10
		default:
			d -= '0'
		}
		if v <= utf8.MaxRune {
			v = v*base + d
		}
		lx.off++
	}
	if lx.off == start {
		lx.errorAt(p, "missing digits in numeric escape")
		return 0, false
	}
	if v > utf8.MaxRune {
		lx.errorAt(p, "numeric escape out of range: %s", lx.src[p.Col-1+lx.lineStart:lx.off])
		return 0, false
	}
	return rune(v), true
}

func (lx *lexer) stringLit() token {
	p := lx.pos()
	start := lx.off
	lx.off++
	var val []byte
	ok := true
	for {
		if lx.off >= len(lx.src) || lx.src[lx.off] == '\n' {
			lx.errorAt(p, "unterminated string literal")
			return token{kind: tEOF}
		}
		c := lx.src[lx.off]
		if c == '"' {
			lx.off++
			break
		}
		if c == '\\' {
			r, rok := lx.escape()
			ok = ok && rok
			val = utf8.AppendRune(val, r)
			continue
		}
		val = append(val, c)
		lx.off++
	}
	if !ok {
		return token{kind: tEOF}
	}
	text := lx.text[start:lx.off]
	if val == nil {
		val = []byte{}
	}
	return token{kind: tString, text: text, lit: &StringLit{Text: text, Value: val}}
}

// digits consumes digits accepted by isd and underscores; it returns them
// without underscores.
func (lx *lexer) digits(isd func(byte) bool) string {
	var b strings.Builder
	for lx.off < len(lx.src) {
		c := lx.src[lx.off]
		if c != '_' && !isd(c) {
			break
		}
		if c != '_' {
			b.WriteByte(c)
		}
		lx.off++
	}
	return b.String()
}

func isBinDigit(c byte) bool { return c == '0' || c == '1' }

// number lexes a numeric literal (§2.6). After a single '.', only a plain
// decimal field number is read, so that t.0.1 is two projections; after a
// range operator (.., ...) a full literal is read.
func (lx *lexer) number() token {
	p := lx.pos()
	start := lx.off
	if lx.off > 0 && lx.src[lx.off-1] == '.' && (lx.off < 2 || lx.src[lx.off-2] != '.') {
		for lx.off < len(lx.src) && isDigit(lx.src[lx.off]) {
			lx.off++
		}
		text := lx.text[start:lx.off]
		v, _ := new(big.Int).SetString(text, 10)
		return token{kind: tInt, text: text, lit: &IntLit{Text: text, Value: v}}
	}
	var (
		mant    string // mantissa digits, without the radix point
		base    = 10
		frac    int  // number of digits after the radix point
		exp     int  // exponent (of 10 or of 2 for hex floats)
		isFloat bool // has a radix point or an exponent
	)
	c1 := lx.peek(1)
	switch {
	case lx.src[lx.off] == '0' && (c1 == 'x' || c1 == 'X') && isHexDigit(lx.peek(2)):
		lx.off += 2
		base = 16
		mant = lx.digits(isHexDigit)
		if lx.peek(0) == '.' && isHexDigit(lx.peek(1)) {
			lx.off++
			f := lx.digits(isHexDigit)
			mant += f
			frac = len(f)
			isFloat = true
		}
		if c := lx.peek(0); (c == 'p' || c == 'P') && lx.expFollows(1) {
			lx.off++
			exp = lx.exponent()
			isFloat = true
		} else if isFloat {
			lx.errorAt(p, "hexadecimal float literal needs a p exponent")
		}
	case lx.src[lx.off] == '0' && (c1 == 'b' || c1 == 'B') && isBinDigit(lx.peek(2)):
		lx.off += 2
		base = 2
		mant = lx.digits(isBinDigit)
	default:
		mant = lx.digits(isDigit)
		if lx.peek(0) == '.' && isDigit(lx.peek(1)) {
			lx.off++
			f := lx.digits(isDigit)
			mant += f
			frac = len(f)
			isFloat = true
		}
		if c := lx.peek(0); (c == 'e' || c == 'E') && lx.expFollows(1) {
			lx.off++
			exp = lx.exponent()
			isFloat = true
		}
	}
	// Suffix.
	var suffix prim.Type
	if c := lx.peek(0); c == 'i' || c == 'u' || c == 'f' {
		s := lx.off
		e := s + 1
		for e < len(lx.src) && isDigit(lx.src[e]) {
			e++
		}
		if t, ok := prim.Parse(string(lx.src[s:e])); ok && t != prim.Bool {
			suffix = t
			lx.off = e
		}
	}
	text := lx.text[start:lx.off]
	if lx.off < len(lx.src) && isConstituent(lx.src[lx.off]) {
		e := lx.off
		for e < len(lx.src) && isConstituent(lx.src[e]) {
			e++
		}
		lx.errorAt(p, "malformed numeric literal %s", lx.src[start:e])
		lx.off = e
		return token{kind: tEOF}
	}
	if suffix.IsFloat() {
		isFloat = true
	} else if isFloat && suffix != prim.Invalid {
		lx.errorAt(p, "integer suffix %s on a float literal %s", suffix, text)
		suffix = prim.Invalid
	}
	m, _ := new(big.Int).SetString(mant, base)
	if !isFloat {
		return token{kind: tInt, text: text, lit: &IntLit{Text: text, Value: m, Suffix: suffix}}
	}
	r := new(big.Rat).SetInt(m)
	radix := int64(10)
	if base == 16 {
		radix = 2
		exp -= 4 * frac
	} else {
		exp -= frac
	}
	if m.Sign() != 0 {
		// Clamp relative to the mantissa size so the value stays out of
		// every float range when the written exponent is huge.
		lim := maxDecExponent + len(mant)
		if radix == 2 {
			lim = maxBinExponent + 4*len(mant)
		}
		exp = max(-lim, min(lim, exp))
		scale := new(big.Int).Exp(big.NewInt(radix), big.NewInt(int64(abs(exp))), nil)
		if exp >= 0 {
			r.Mul(r, new(big.Rat).SetInt(scale))
		} else {
			r.Quo(r, new(big.Rat).SetInt(scale))
		}
	}
	return token{kind: tFloat, text: text, lit: &FloatLit{Text: text, Value: r, Suffix: suffix}}
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// expFollows reports whether an exponent's digits start k bytes ahead
// (after an optional sign).
func (lx *lexer) expFollows(k int) bool {
	c := lx.peek(k)
	if c == '+' || c == '-' {
		c = lx.peek(k + 1)
	}
	return isDigit(c)
}

// exponent reads [+-]digits, saturating far beyond any useful range.
func (lx *lexer) exponent() int {
	neg := false
	if c := lx.peek(0); c == '+' || c == '-' {
		neg = c == '-'
		lx.off++
	}
	e := 0
	for lx.off < len(lx.src) && (isDigit(lx.src[lx.off]) || lx.src[lx.off] == '_') {
		if c := lx.src[lx.off]; c != '_' && e < 1<<40 {
			e = e*10 + int(c-'0')
		}
		lx.off++
	}
	if neg {
		return -e
	}
	return e
}
