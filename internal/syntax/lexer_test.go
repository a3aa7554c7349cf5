package syntax

import (
	"math"
	"math/big"
	"regexp"
	"strings"
	"testing"

	"github.com/fluxion-lang/fluxion/internal/prim"
)

// tokString renders tokens compactly: kind:text for names, literals and
// symbols, and the punctuation itself otherwise. An index bracket is "[ix".
func tokString(toks []token) string {
	var parts []string
	for _, t := range toks {
		switch t.kind {
		case tEOF:
			continue
		case tIdent:
			parts = append(parts, "id:"+t.text)
		case tInt:
			parts = append(parts, "int:"+t.text)
		case tFloat:
			parts = append(parts, "float:"+t.text)
		case tString:
			parts = append(parts, "str:"+t.text)
		case tConstr:
			parts = append(parts, "#"+t.text)
		case tSymbol:
			parts = append(parts, "sym:"+t.text)
		case tKeyword:
			parts = append(parts, "kw:"+t.text)
		case tLBrackIx:
			parts = append(parts, "[ix")
		default:
			parts = append(parts, t.kind.String())
		}
	}
	return strings.Join(parts, " ")
}

var lexTests = []struct{ src, want string }{
	{"t.0.1", "id:t . int:0 . int:1"},
	{"(f a).1", "( id:f id:a ) . int:1"},
	{".5", ". int:5"},
	{"5.", "int:5 ."},
	{"5.x", "int:5 . id:x"},
	{"1..<4", "int:1 ..< int:4"},
	{"0..2...7", "int:0 .. int:2 ... int:7"},
	{"0...1e3", "int:0 ... float:1e3"},
	{"1.5..2.5...9.5f32", "float:1.5 .. float:2.5 ... float:9.5f32"},
	{"x..<0x10", "id:x ..< int:0x10"},
	{"i-2..>-1", "id:i sym:- int:2 ..> sym:- int:1"},
	{"a..b", "id:a .. id:b"},
	{"xs[0]", "id:xs [ix int:0 ]"},
	{"xs [0]", "id:xs [ int:0 ]"},
	{"(a)[0][1]", "( id:a ) [ix int:0 ] [ix int:1 ]"},
	{"x'[0]", "id:x' [ix int:0 ]"},
	{"in[0]", "kw:in [ int:0 ]"},
	{"[n][m]f32", "[ id:n ] [ix id:m ] id:f32"},
	{"x' acc'' _tmp _1 _", "id:x' id:acc'' id:_tmp id:_1 _"},
	{"def let loop in val", "kw:def kw:let kw:loop kw:in kw:val"},
	{"type type~ type^ types", "kw:type kw:type~ kw:type^ id:types"},
	{"'a '^b '~c", "' id:a '^ id:b '~ id:c"},
	{"#[unsafe] #some #_x", "#[ id:unsafe ] #some #_x"},
	{"a >-> b <-< c |>> d", "id:a sym:>-> id:b sym:<-< id:c sym:|>> id:d"},
	{"= == -> => :> : ! !=", "= sym:== -> sym:=> :> : sym:! sym:!="},
	{"f64.+ M.<=", "id:f64 . sym:+ id:M . sym:<="},
	{"a+.b", "id:a sym:+. id:b"},
	{"x `max` y", "id:x ` id:max ` id:y"},
	{"\\x -> x", `\ id:x -> id:x`},
	{"? $ , { }", "? $ , { }"},
	{"a -- comment\nb", "id:a id:b"},
	{"a--b\nc", "id:a id:c"},
	{"'a' '\\n' '\\''", "int:'a' int:'\\n' int:'\\''"},
	{`"a\"b"`, `str:"a\"b"`},
	{"0xFFi8 1f32 0x1.8p1", "int:0xFFi8 float:1f32 float:0x1.8p1"},
	{"1e5 1E-3 2.5e+2f32", "float:1e5 float:1E-3 float:2.5e+2f32"},
}

func TestLexTokens(t *testing.T) {
	for _, tc := range lexTests {
		toks, errs := lex("t", []byte(tc.src), 0)
		if len(errs) > 0 {
			t.Errorf("%q: unexpected errors: %v", tc.src, errs)
			continue
		}
		if got := tokString(toks); got != tc.want {
			t.Errorf("%q:\n got %s\nwant %s", tc.src, got, tc.want)
		}
	}
}

func TestLexIntLiterals(t *testing.T) {
	for _, tc := range []struct {
		src    string
		value  string
		suffix prim.Type
	}{
		{"42", "42", 0},
		{"42i64", "42", prim.I64},
		{"7u8", "7", prim.U8},
		{"0xFFu8", "255", prim.U8},
		{"0xFFi8", "255", prim.I8}, // fits-check is the checker's job
		{"0b1010i32", "10", prim.I32},
		{"0B11", "3", 0},
		{"1_000_000", "1000000", 0},
		{"18446744073709551616", "18446744073709551616", 0},
		{"0xdead_beefu64", "3735928559", prim.U64},
		{"1i16", "1", prim.I16},
		{"'a'", "97", 0},
		{"'\\n'", "10", 0},
		{"'\\t'", "9", 0},
		{"'\\\\'", "92", 0},
		{"'\\''", "39", 0},
		{"'\\\"'", "34", 0},
		{"'\\65'", "65", 0},
		{"'\\x41'", "65", 0},
		{"'\\o101'", "65", 0},
		{"'é'", "233", 0},
		{"'\"'", "34", 0},
	} {
		toks, errs := lex("t", []byte(tc.src), 0)
		if len(errs) > 0 || len(toks) != 2 || toks[0].kind != tInt {
			t.Errorf("%q: want one integer token, got %s (errors %v)", tc.src, tokString(toks), errs)
			continue
		}
		lit := toks[0].lit.(*IntLit)
		if lit.Value.String() != tc.value || lit.Suffix != tc.suffix || lit.Text != tc.src {
			t.Errorf("%q: got value %s suffix %v text %q, want %s %v", tc.src, lit.Value, lit.Suffix, lit.Text, tc.value, tc.suffix)
		}
	}
}

func TestLexFloatLiterals(t *testing.T) {
	for _, tc := range []struct {
		src    string
		value  string // exact rational value
		suffix prim.Type
	}{
		{"3.5", "7/2", 0},
		{"0.1", "1/10", 0},
		{"1e-3", "1/1000", 0},
		{"2E+10", "20000000000", 0},
		{"6.02e23", "602000000000000000000000", 0},
		{"2.5f32", "5/2", prim.F32},
		{"1f32", "1", prim.F32},
		{"7e2f64", "700", prim.F64},
		{"1f16", "1", prim.F16},
		{"0x1.8p1", "3", 0},
		{"0x1p-2", "1/4", 0},
		{"0x1.0p0f32", "1", prim.F32},
		{"0xA.8P+1", "21", 0},
		{"1_0.2_5", "41/4", 0},
		{"0.0", "0", 0},
		{"1e0_1", "10", 0},
	} {
		toks, errs := lex("t", []byte(tc.src), 0)
		if len(errs) > 0 || len(toks) != 2 || toks[0].kind != tFloat {
			t.Errorf("%q: want one float token, got %s (errors %v)", tc.src, tokString(toks), errs)
			continue
		}
		lit := toks[0].lit.(*FloatLit)
		want, _ := new(big.Rat).SetString(tc.value)
		if lit.Value.Cmp(want) != 0 || lit.Suffix != tc.suffix || lit.Text != tc.src {
			t.Errorf("%q: got %s suffix %v, want %s %v", tc.src, lit.Value.RatString(), lit.Suffix, tc.value, tc.suffix)
		}
	}
}

// Huge exponents are clamped but stay outside every float range.
func TestLexFloatExtremes(t *testing.T) {
	for _, tc := range []struct {
		src  string
		want float64
	}{
		{"1e400", math.Inf(1)},
		{"1e999999999999", math.Inf(1)},
		{"1e-999999999999", 0},
		{"0e999999999", 0},
		{"0x1p99999999999", math.Inf(1)},
		{"4.9e-324", 5e-324},
		{"2.4e-324", 0},
		{"2.5e-324", 5e-324},
		{"1.7976931348623157e308", math.MaxFloat64},
		{"1000000000000000000000000e-424", 0},
		{"0.000000000000000000001e330", math.Inf(1)},
		{"0.000000000000000000001e329", 1e308},
		{"123456789012345678901234567890e-99999", 0},
		{"0.0000000000000000000000000001e99999", math.Inf(1)},
		{"0x1p-1075", 0},
		{"0x1.8p-1074", 2 * math.SmallestNonzeroFloat64}, // ties to even
		{"0x1p1024", math.Inf(1)},
	} {
		toks, errs := lex("t", []byte(tc.src), 0)
		if len(errs) > 0 || toks[0].kind != tFloat {
			t.Errorf("%q: %v", tc.src, errs)
			continue
		}
		if got, _ := toks[0].lit.(*FloatLit).Value.Float64(); got != tc.want {
			t.Errorf("%q: got %g, want %g", tc.src, got, tc.want)
		}
	}
}

func TestLexStrings(t *testing.T) {
	for _, tc := range []struct{ src, want string }{
		{`""`, ""},
		{`"abc"`, "abc"},
		{`"a\nb\t\\\"'"`, "a\nb\t\\\"'"},
		{`"\65\x42"`, "AB"},
		{`"é"`, "é"},
		{`"\233"`, "é"},
	} {
		toks, errs := lex("t", []byte(tc.src), 0)
		if len(errs) > 0 || toks[0].kind != tString {
			t.Errorf("%q: %v", tc.src, errs)
			continue
		}
		if got := string(toks[0].lit.(*StringLit).Value); got != tc.want {
			t.Errorf("%q: got %q, want %q", tc.src, got, tc.want)
		}
	}
}

func TestLexErrors(t *testing.T) {
	for _, tc := range []struct {
		src, pos, msg string
		mode          Mode
	}{
		{"x = __map", "1:5", "reserved for intrinsics", 0},
		{"0xFFq", "1:1", "malformed numeric literal 0xFFq", 0},
		{"12abc", "1:1", "malformed numeric literal 12abc", 0},
		{"0x", "1:1", "malformed numeric literal 0x", 0},
		{"1.5i32", "1:1", "integer suffix i32 on a float", 0},
		{"0x1.8", "1:1", "needs a p exponent", 0},
		{"\"abc", "1:1", "unterminated string", 0},
		{"\"ab\ncd\"", "1:1", "unterminated string", 0},
		{"'\\q'", "1:2", `unknown escape sequence \\q`, 0},
		{"'\\99999999'", "1:2", "out of range", 0},
		{"'\\x'", "1:2", "missing digits", 0},
		{"x # y", "1:3", "constructor name or \\[", 0},
		{"x λ", "1:3", "unexpected character 'λ'", 0},
		{"x \xff", "1:3", "invalid UTF-8", 0},
		{"x ; y", "1:3", "unexpected character ';'", 0},
	} {
		_, errs := lex("f.fut", []byte(tc.src), tc.mode)
		if len(errs) == 0 {
			t.Errorf("%q: no error, want %s", tc.src, tc.msg)
			continue
		}
		e := errs[0]
		if got := e.Pos.String(); got != "f.fut:"+tc.pos || !matches(tc.msg, e.Msg) {
			t.Errorf("%q: got %v, want f.fut:%s: %s", tc.src, e, tc.pos, tc.msg)
		}
	}
}

func TestLexIntrinsicNames(t *testing.T) {
	toks, errs := lex("prelude.fut", []byte("__map __conv_i32_f64"), AllowIntrinsics)
	if len(errs) > 0 {
		t.Fatalf("unexpected errors: %v", errs)
	}
	if got, want := tokString(toks), "id:__map id:__conv_i32_f64"; got != want {
		t.Errorf("got %s, want %s", got, want)
	}
}

func TestLexPositions(t *testing.T) {
	toks, _ := lex("p.fut", []byte("def f =\n  x +\ty -- c\n   z"), 0)
	want := []string{"1:1", "1:5", "1:7", "2:3", "2:5", "2:7", "3:4", "3:5"}
	if len(toks) != len(want) {
		t.Fatalf("got %d tokens, want %d", len(toks), len(want))
	}
	for i, tk := range toks {
		if got := tk.pos.String(); got != "p.fut:"+want[i] {
			t.Errorf("token %d (%s): at %s, want %s", i, tk.text, got, want[i])
		}
	}
}

func TestDocComments(t *testing.T) {
	src := "-- | Adds one.\n-- Really.\ndef f x = x + 1\n-- plain\ndef g = 1"
	f, err := ParseFile("d.fut", []byte(src), 0)
	if err != nil {
		t.Fatal(err)
	}
	if got := f.Decls[0].(*ValDecl).Doc; got != "Adds one.\nReally." {
		t.Errorf("doc of f: got %q", got)
	}
	if got := f.Decls[1].(*ValDecl).Doc; got != "" {
		t.Errorf("doc of g: got %q, want none", got)
	}
	src = "-- | Inlined.\n#[inline]\ndef h = 1\nmodule type S = {\n  -- | The type.\n  type t\n  -- | Zero.\n  #[a] val zero: t\n}"
	f, err = ParseFile("d.fut", []byte(src), 0)
	if err != nil {
		t.Fatal(err)
	}
	if got := f.Decls[0].(*AttrDecl).Decl.(*ValDecl).Doc; got != "Inlined." {
		t.Errorf("doc of h: got %q", got)
	}
	specs := f.Decls[1].(*ModTypeDecl).Type.(*ModTypeSpecs).Specs
	if got := specs[0].(*TypeSpec).Doc; got != "The type." {
		t.Errorf("doc of t: got %q", got)
	}
	if got := specs[1].(*AttrSpec).Spec.(*ValSpec).Doc; got != "Zero." {
		t.Errorf("doc of zero: got %q", got)
	}
}

// matches reports whether s matches the regular expression re.
func matches(re, s string) bool { return regexp.MustCompile(re).MatchString(s) }
