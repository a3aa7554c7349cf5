package syntax

// tokKind is the kind of a lexical token.
type tokKind uint8

const (
	tEOF       tokKind = iota
	tIdent             // name (including the wildcard-like _x forms)
	tUnder             // lone _
	tInt               // integer literal (also a character literal)
	tFloat             // float literal
	tString            // string literal
	tConstr            // #name
	tSymbol            // operator symbol, e.g. + or >->
	tKeyword           // reserved word; text in tok.text
	tLParen            // (
	tRParen            // )
	tLBrack            // [ opening an array literal or type
	tLBrackIx          // [ directly after a name, ) or ]: indexing
	tRBrack            // ]
	tLBrace            // {
	tRBrace            // }
	tComma             // ,
	tColon             // :
	tColonGt           // :>
	tArrow             // ->
	tBackslash         // \
	tTick              // '
	tTickHat           // '^
	tTickTilde         // '~
	tBacktick          // `
	tAttr              // #[
	tDotDot            // ..
	tDotDotLt          // ..<
	tDotDotGt          // ..>
	tDotDotDot         // ...
	tDot               // .
	tQuestion          // ?
	tHole              // ??? (a typed hole)
	tEquals            // =
	tDollar            // $
)

var tokNames = [...]string{
	tEOF: "end of file", tIdent: "name", tUnder: "_", tInt: "integer literal",
	tFloat: "float literal", tString: "string literal", tConstr: "constructor",
	tSymbol: "operator", tKeyword: "keyword", tLParen: "(", tRParen: ")",
	tLBrack: "[", tLBrackIx: "[", tRBrack: "]", tLBrace: "{", tRBrace: "}",
	tComma: ",", tColon: ":", tColonGt: ":>", tArrow: "->", tBackslash: `\`,
	tTick: "'", tTickHat: "'^", tTickTilde: "'~", tBacktick: "`", tAttr: "#[",
	tDotDot: "..", tDotDotLt: "..<", tDotDotGt: "..>", tDotDotDot: "...",
	tDot: ".", tQuestion: "?", tHole: "???", tEquals: "=", tDollar: "$",
}

func (k tokKind) String() string { return tokNames[k] }

// token is one lexical token. Literal values are decoded by the lexer.
type token struct {
	kind  tokKind
	text  string // source text (keyword spelling, name, symbol, literal)
	pos   Pos
	space bool // whitespace or a comment precedes the token
	lit   Expr // decoded literal for tInt, tFloat, tString
	start int  // byte offset of the token in the source
	end   int  // byte offset just after it
}

// endPos is the position just after the token; tokens never span lines.
func (t *token) endPos() Pos {
	p := t.pos
	p.Col += len(t.text)
	if t.kind == tConstr {
		p.Col++ // the text omits the '#'
	}
	return p
}

var keywords = map[string]bool{
	"true": true, "false": true, "if": true, "then": true, "else": true,
	"def": true, "let": true, "loop": true, "in": true, "val": true,
	"for": true, "do": true, "with": true, "local": true, "open": true,
	"include": true, "import": true, "type": true, "entry": true,
	"module": true, "while": true, "assert": true, "match": true, "case": true,
}

// IsKeyword reports whether s is a reserved word.
func IsKeyword(s string) bool { return keywords[s] }

func isLetter(c byte) bool { return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' }
func isDigit(c byte) bool  { return '0' <= c && c <= '9' }
func isHexDigit(c byte) bool {
	return isDigit(c) || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F'
}
func isConstituent(c byte) bool { return isLetter(c) || isDigit(c) || c == '_' || c == '\'' }

func isOpChar(c byte) bool {
	switch c {
	case '+', '-', '*', '/', '%', '=', '!', '>', '<', '|', '&', '^':
		return true
	}
	return false
}
