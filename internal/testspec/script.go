package testspec

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"

	"github.com/fluxion-lang/fluxion/internal/prim"
	"github.com/fluxion-lang/fluxion/internal/values"
)

// Script inputs (`script input { EXPR }`) compute a case's arguments with a
// small expression language over the program's entry points, the subset of
// the reference's FutharkScript that test blocks use:
//
//	exp   ::= "let" pat "=" exp "in" exp
//	        | name atom*                  call of an entry point
//	        | "$loaddata" atom | "$loadbytes" atom
//	        | atom
//	atom  ::= literal | string | name
//	        | "(" exp ")" | "(" exp ("," exp)+ ")"
//	        | "[" exp ("," exp)* "]"
//	        | "{" "}" | "{" name "=" exp ("," name "=" exp)* "}"
//	pat   ::= name | "(" name ("," name)* ")"
//
// Literals are those of the value format (`1i64`, `2.5f32`, `true`,
// `empty([0]i32)`, `f64.nan`). A tuple or record passed to an entry point
// gives its components as separate arguments (records in field-name order),
// so an entry point of n parameters also takes one n-tuple. A call returns
// its one result, or the tuple of its results. The value of the whole
// expression is the argument list: a tuple's components, or one value.
// $loaddata "FILE" reads the values of a data file (one value, or the tuple
// of them) and $loadbytes "FILE" a file's bytes as []u8; files are relative
// to the program.

// ScriptExp is a parsed script expression.
type ScriptExp interface {
	Pos() Pos
	// appendText prints the expression on one line; atom asks for
	// parentheses around anything that is not an atom.
	appendText(b *strings.Builder, atom bool)
}

type (
	scriptLit struct {
		pos Pos
		v   Value
	}
	scriptString struct {
		pos Pos
		s   string
	}
	// scriptName is a variable bound by let or, if not, a call of an
	// entry point (or builtin, with Builtin set) with Args.
	scriptName struct {
		pos     Pos
		name    string
		builtin bool
		args    []ScriptExp
	}
	scriptTuple struct {
		pos   Pos
		elems []ScriptExp
	}
	scriptArray struct {
		pos   Pos
		elems []ScriptExp
	}
	scriptRecord struct {
		pos    Pos
		names  []string
		fields []ScriptExp
	}
	scriptLet struct {
		pos   Pos
		names []string
		tuple bool // the pattern is a tuple of names
		bound ScriptExp
		body  ScriptExp
	}
)

func (e *scriptLit) Pos() Pos    { return e.pos }
func (e *scriptString) Pos() Pos { return e.pos }
func (e *scriptName) Pos() Pos   { return e.pos }
func (e *scriptTuple) Pos() Pos  { return e.pos }
func (e *scriptArray) Pos() Pos  { return e.pos }
func (e *scriptRecord) Pos() Pos { return e.pos }
func (e *scriptLet) Pos() Pos    { return e.pos }

// ScriptText prints e on one line (dataset names of script inputs).
func ScriptText(e ScriptExp) string {
	var b strings.Builder
	e.appendText(&b, false)
	return b.String()
}

func (e *scriptLit) appendText(b *strings.Builder, atom bool) { b.WriteString(e.v.String()) }
func (e *scriptString) appendText(b *strings.Builder, atom bool) {
	b.WriteString(strconv.Quote(e.s))
}

func (e *scriptName) appendText(b *strings.Builder, atom bool) {
	// A builtin is not an atom even without arguments: ($x) as an
	// argument keeps its parentheses.
	paren := atom && (len(e.args) > 0 || e.builtin)
	if paren {
		b.WriteByte('(')
	}
	if e.builtin {
		b.WriteByte('$')
	}
	b.WriteString(e.name)
	for _, a := range e.args {
		b.WriteByte(' ')
		a.appendText(b, true)
	}
	if paren {
		b.WriteByte(')')
	}
}

func appendList(b *strings.Builder, open, close string, names []string, es []ScriptExp) {
	b.WriteString(open)
	for i, e := range es {
		if i > 0 {
			b.WriteString(", ")
		}
		if names != nil {
			b.WriteString(names[i] + " = ")
		}
		e.appendText(b, false)
	}
	b.WriteString(close)
}

func (e *scriptTuple) appendText(b *strings.Builder, atom bool) {
	appendList(b, "(", ")", nil, e.elems)
}
func (e *scriptArray) appendText(b *strings.Builder, atom bool) {
	appendList(b, "[", "]", nil, e.elems)
}
func (e *scriptRecord) appendText(b *strings.Builder, atom bool) {
	appendList(b, "{", "}", e.names, e.fields)
}

func (e *scriptLet) appendText(b *strings.Builder, atom bool) {
	if atom {
		b.WriteByte('(')
	}
	b.WriteString("let ")
	if e.tuple {
		b.WriteString("(" + strings.Join(e.names, ", ") + ")")
	} else {
		b.WriteString(e.names[0])
	}
	b.WriteString(" = ")
	e.bound.appendText(b, false)
	b.WriteString(" in ")
	e.body.appendText(b, false)
	if atom {
		b.WriteByte(')')
	}
}

// maxScriptDepth bounds the nesting of script expressions, so that a
// pathological input cannot exhaust the stack.
const maxScriptDepth = 200

// ParseScript parses a script expression. text is laid out like the
// result of rawUntilBrace: line k of text is line first.Line+k of the file,
// with the file's columns.
func ParseScript(text string, first Pos) (ScriptExp, error) {
	p := &scriptParser{lx: scriptLexer{text: text, first: first}}
	p.advance()
	e, err := p.exp()
	if err != nil {
		return nil, err
	}
	if p.tok.kind != sEOF {
		return nil, p.errorf("unexpected %s after the expression", p.tok.describe())
	}
	return e, nil
}

type scriptTokKind uint8

const (
	sEOF scriptTokKind = iota
	sName
	sBuiltin // $name
	sLit
	sString
	sPunct // one of ( ) [ ] { } , =
	sBad
)

type scriptTok struct {
	kind scriptTokKind
	text string
	pos  Pos
	v    Value  // sLit
	s    string // sString
}

func (t scriptTok) describe() string {
	switch t.kind {
	case sEOF:
		return "end of input"
	case sString:
		return "string " + t.text
	}
	return "`" + t.text + "`"
}

type scriptLexer struct {
	text  string
	first Pos
	off   int
	line  int // lines before off
	col   int // 0-based column of off
}

func (lx *scriptLexer) pos() Pos {
	return Pos{lx.first.File, lx.first.Line + lx.line, lx.col + 1}
}

func (lx *scriptLexer) skip(n int) {
	for range n {
		if lx.text[lx.off] == '\n' {
			lx.line, lx.col = lx.line+1, 0
		} else {
			lx.col++
		}
		lx.off++
	}
}

var (
	specialFloat = regexp.MustCompile(`^f(16|32|64)\.(nan|inf)$`)
	scriptLitRx  = regexp.MustCompile(`^-?(0[xXbB][0-9a-fA-F_]+|[0-9][0-9_]*(\.[0-9_]+)?([eE][+-]?[0-9_]+)?|f(16|32|64)\.inf)([iuf](8|16|32|64))?`)
)

func isNameStart(c byte) bool { return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }
func isNameChar(c byte) bool  { return isNameStart(c) || c >= '0' && c <= '9' || c == '\'' }

func (lx *scriptLexer) next() scriptTok {
	for lx.off < len(lx.text) && (isSpace(lx.text[lx.off]) || lx.text[lx.off] == '\n') {
		lx.skip(1)
	}
	t := scriptTok{pos: lx.pos()}
	if lx.off >= len(lx.text) {
		return t
	}
	rest := lx.text[lx.off:]
	c := rest[0]
	switch {
	case strings.ContainsRune("()[]{},=", rune(c)):
		t.kind, t.text = sPunct, rest[:1]
		lx.skip(1)
		return t
	case c == '"':
		end := stringEnd(rest, 0)
		t.kind, t.text = sString, rest[:end]
		lx.skip(end)
		s, err := unquote(t.text)
		if err != nil {
			t.kind = sBad
			t.s = fmt.Sprintf("malformed string %s: %v", t.text, err)
			return t
		}
		t.s = s
		return t
	case c == '$':
		j := 1
		for j < len(rest) && isNameChar(rest[j]) {
			j++
		}
		t.kind, t.text = sBuiltin, rest[:j]
		lx.skip(j)
		if j == 1 {
			t.kind, t.s = sBad, "expected a builtin name after `$`"
		}
		return t
	case strings.HasPrefix(rest, "empty") && strings.HasPrefix(strings.TrimLeftFunc(rest[len("empty"):], func(c rune) bool { return c < 0x80 && (isSpace(byte(c)) || c == '\n') }), "("):
		// empty(...) is the value format's literal, whatever the space
		// before the parenthesis (so no entry point called empty can be
		// applied to a parenthesised argument).
		j := strings.IndexByte(rest, ')')
		if j < 0 {
			t.kind, t.text, t.s = sBad, "empty(", "missing `)` after `empty(`"
			lx.skip(len(rest))
			return t
		}
		return lx.literal(t, rest[:j+1])
	case isNameStart(c):
		j := 1
		for j < len(rest) && (isNameChar(rest[j]) || rest[j] == '.') {
			j++
		}
		word := rest[:j]
		if word == "true" || word == "false" || specialFloat.MatchString(word) {
			return lx.literal(t, word)
		}
		if strings.Contains(word, ".") {
			t.kind, t.text, t.s = sBad, word, fmt.Sprintf("unknown name %q (script expressions call the program's entry points)", word)
			lx.skip(j)
			return t
		}
		t.kind, t.text = sName, word
		lx.skip(j)
		return t
	}
	if m := scriptLitRx.FindString(rest); m != "" {
		return lx.literal(t, m)
	}
	t.kind, t.text, t.s = sBad, rest[:1], fmt.Sprintf("unexpected character %q", c)
	lx.skip(1)
	return t
}

// literal reads the value text as one value of the value format.
func (lx *scriptLexer) literal(t scriptTok, text string) scriptTok {
	lx.skip(len(text))
	t.text = text
	vs, err := values.ParseText(text)
	if err != nil || len(vs) != 1 {
		t.kind = sBad
		if err == nil {
			err = errors.New("not a single value")
		}
		t.s = fmt.Sprintf("invalid literal %q: %v", text, err)
		return t
	}
	t.kind, t.v = sLit, vs[0]
	return t
}

type scriptParser struct {
	lx    scriptLexer
	tok   scriptTok
	depth int
}

func (p *scriptParser) advance() { p.tok = p.lx.next() }

func (p *scriptParser) errorf(format string, args ...any) error {
	if p.tok.kind == sBad {
		return &Error{p.tok.pos, p.tok.s}
	}
	return &Error{p.tok.pos, fmt.Sprintf(format, args...)}
}

func (p *scriptParser) is(punct string) bool { return p.tok.kind == sPunct && p.tok.text == punct }

func (p *scriptParser) expect(punct string) error {
	if !p.is(punct) {
		return p.errorf("expected `%s`, found %s", punct, p.tok.describe())
	}
	p.advance()
	return nil
}

func (p *scriptParser) exp() (ScriptExp, error) {
	p.depth++
	defer func() { p.depth-- }()
	if p.depth > maxScriptDepth {
		return nil, p.errorf("expression nested too deeply")
	}
	switch {
	case p.tok.kind == sName && p.tok.text == "let":
		return p.let()
	case p.tok.kind == sName || p.tok.kind == sBuiltin:
		call := &scriptName{pos: p.tok.pos, name: p.tok.text, builtin: p.tok.kind == sBuiltin}
		call.name = strings.TrimPrefix(call.name, "$")
		if call.name == "in" {
			return nil, p.errorf("unexpected `in`")
		}
		p.advance()
		for p.startsAtom() {
			a, err := p.atom()
			if err != nil {
				return nil, err
			}
			call.args = append(call.args, a)
		}
		return call, nil
	}
	e, err := p.atom()
	if err != nil {
		return nil, err
	}
	if p.startsAtom() {
		return nil, p.errorf("only entry points can be applied to arguments")
	}
	return e, nil
}

func (p *scriptParser) startsAtom() bool {
	switch p.tok.kind {
	case sLit, sString, sBad:
		return true
	case sName:
		return p.tok.text != "let" && p.tok.text != "in"
	case sPunct:
		return p.is("(") || p.is("[") || p.is("{")
	}
	return false
}

func (p *scriptParser) let() (ScriptExp, error) {
	l := &scriptLet{pos: p.tok.pos}
	p.advance()
	name := func() error {
		if p.tok.kind != sName || p.tok.text == "let" || p.tok.text == "in" {
			return p.errorf("expected a name in the pattern of let, found %s", p.tok.describe())
		}
		l.names = append(l.names, p.tok.text)
		p.advance()
		return nil
	}
	if p.is("(") {
		l.tuple = true
		p.advance()
		for {
			if err := name(); err != nil {
				return nil, err
			}
			if p.is(")") {
				p.advance()
				break
			}
			if err := p.expect(","); err != nil {
				return nil, err
			}
		}
	} else if err := name(); err != nil {
		return nil, err
	}
	if err := p.expect("="); err != nil {
		return nil, err
	}
	var err error
	if l.bound, err = p.exp(); err != nil {
		return nil, err
	}
	if p.tok.kind != sName || p.tok.text != "in" {
		return nil, p.errorf("expected `in`, found %s", p.tok.describe())
	}
	p.advance()
	if l.body, err = p.exp(); err != nil {
		return nil, err
	}
	return l, nil
}

func (p *scriptParser) atom() (ScriptExp, error) {
	t := p.tok
	switch {
	case t.kind == sLit:
		p.advance()
		return &scriptLit{t.pos, t.v}, nil
	case t.kind == sString:
		p.advance()
		return &scriptString{t.pos, t.s}, nil
	case t.kind == sName:
		p.advance()
		return &scriptName{pos: t.pos, name: t.text}, nil
	case p.is("("):
		p.advance()
		elems, err := p.list(")")
		if err != nil {
			return nil, err
		}
		switch len(elems) {
		case 0:
			return nil, &Error{t.pos, "the empty tuple () is not a value a test can pass"}
		case 1:
			return elems[0], nil
		}
		return &scriptTuple{t.pos, elems}, nil
	case p.is("["):
		p.advance()
		elems, err := p.list("]")
		if err != nil {
			return nil, err
		}
		if len(elems) == 0 {
			return nil, &Error{t.pos, "an empty array needs its type: write empty([0]t)"}
		}
		return &scriptArray{t.pos, elems}, nil
	case p.is("{"):
		p.advance()
		r := &scriptRecord{pos: t.pos}
		for !p.is("}") {
			if len(r.names) > 0 {
				if err := p.expect(","); err != nil {
					return nil, err
				}
			}
			if p.tok.kind != sName {
				return nil, p.errorf("expected a field name, found %s", p.tok.describe())
			}
			name, at := p.tok.text, p.tok.pos
			for _, n := range r.names {
				if n == name {
					return nil, &Error{at, fmt.Sprintf("field %s appears twice", name)}
				}
			}
			p.advance()
			if err := p.expect("="); err != nil {
				return nil, err
			}
			e, err := p.exp()
			if err != nil {
				return nil, err
			}
			r.names = append(r.names, name)
			r.fields = append(r.fields, e)
		}
		p.advance()
		return r, nil
	}
	return nil, p.errorf("expected an expression, found %s", t.describe())
}

// list parses "exp ("," exp)*" up to the closing punctuation.
func (p *scriptParser) list(close string) ([]ScriptExp, error) {
	var elems []ScriptExp
	for !p.is(close) {
		if len(elems) > 0 {
			if err := p.expect(","); err != nil {
				return nil, err
			}
		}
		e, err := p.exp()
		if err != nil {
			return nil, err
		}
		elems = append(elems, e)
	}
	p.advance()
	return elems, nil
}

// scriptValue is the value of a script expression: one value (leaf), or
// a tuple or record (elems, with names for records).
type scriptValue struct {
	leaf  *Value
	elems []scriptValue
	names []string
	str   *string // a string literal, only for builtins
	// opaque marks an entry point's opaque value: its parts are elems
	// (leaves), passed on as they came, but it is not a tuple.
	opaque bool
}

// flatten lists the values of v in argument order: tuples in order,
// records by field name.
func (v scriptValue) flatten(at Pos) ([]Value, error) {
	switch {
	case v.leaf != nil:
		return []Value{*v.leaf}, nil
	case v.str != nil:
		return nil, &Error{at, "a string can only be the argument of $loaddata or $loadbytes"}
	}
	order := make([]int, len(v.elems))
	for i := range order {
		order[i] = i
	}
	if v.names != nil {
		sort.Slice(order, func(i, j int) bool { return v.names[order[i]] < v.names[order[j]] })
	}
	var out []Value
	for _, i := range order {
		vs, err := v.elems[i].flatten(at)
		if err != nil {
			return nil, err
		}
		out = append(out, vs...)
	}
	return out, nil
}

func leafOf(v Value) scriptValue { return scriptValue{leaf: &v} }

// fromResults makes a call's value from its results; parts, if not nil,
// groups them into values (ResultGrouper), a group of several being an
// opaque value.
func fromResults(vs []Value, parts []int) scriptValue {
	var group []scriptValue
	if total := 0; parts != nil {
		for _, n := range parts {
			total += n
		}
		if total != len(vs) {
			parts = nil
		}
	}
	if parts == nil {
		for _, v := range vs {
			group = append(group, leafOf(v))
		}
	} else {
		k := 0
		for _, n := range parts {
			if n == 1 {
				group = append(group, leafOf(vs[k]))
			} else {
				o := scriptValue{opaque: true}
				for _, v := range vs[k : k+n] {
					o.elems = append(o.elems, leafOf(v))
				}
				group = append(group, o)
			}
			k += n
		}
	}
	if len(group) == 1 {
		return group[0]
	}
	return scriptValue{elems: group}
}

// scriptEnv evaluates script expressions.
type scriptEnv struct {
	prog Program
	dir  string // directory of the program, for data files
	vars map[string]scriptValue
}

// EvalScript evaluates e with the entry points of prog and returns the
// argument list it denotes. Data files are relative to dir.
func EvalScript(e ScriptExp, prog Program, dir string) ([]Value, error) {
	env := &scriptEnv{prog: prog, dir: dir, vars: map[string]scriptValue{}}
	v, err := env.eval(e)
	if err != nil {
		return nil, err
	}
	return v.flatten(e.Pos())
}

func (env *scriptEnv) eval(e ScriptExp) (scriptValue, error) {
	switch e := e.(type) {
	case *scriptLit:
		return leafOf(e.v), nil
	case *scriptString:
		s := e.s
		return scriptValue{str: &s}, nil
	case *scriptTuple:
		elems, err := env.evalAll(e.elems)
		return scriptValue{elems: elems}, err
	case *scriptRecord:
		elems, err := env.evalAll(e.fields)
		return scriptValue{elems: elems, names: e.names}, err
	case *scriptArray:
		elems, err := env.evalAll(e.elems)
		if err != nil {
			return scriptValue{}, err
		}
		if len(elems) > 0 && elems[0].opaque {
			return stackOpaque(e.pos, elems)
		}
		v, err := stack(e.pos, elems)
		return leafOf(v), err
	case *scriptLet:
		bound, err := env.eval(e.bound)
		if err != nil {
			return scriptValue{}, err
		}
		saved := map[string]scriptValue{}
		for k, v := range env.vars {
			saved[k] = v
		}
		defer func() { env.vars = saved }()
		if !e.tuple {
			env.vars[e.names[0]] = bound
		} else {
			if bound.leaf != nil || bound.str != nil || bound.opaque || len(bound.elems) != len(e.names) {
				return scriptValue{}, &Error{e.pos, fmt.Sprintf("the pattern binds %d names, but the value is not a tuple of %d values", len(e.names), len(e.names))}
			}
			for i, n := range e.names {
				env.vars[n] = bound.elems[i]
			}
		}
		return env.eval(e.body)
	case *scriptName:
		return env.call(e)
	}
	return scriptValue{}, fmt.Errorf("internal error: unknown script expression %T", e)
}

func (env *scriptEnv) evalAll(es []ScriptExp) ([]scriptValue, error) {
	out := make([]scriptValue, len(es))
	for i, e := range es {
		v, err := env.eval(e)
		if err != nil {
			return nil, err
		}
		out[i] = v
	}
	return out, nil
}

func (env *scriptEnv) call(e *scriptName) (scriptValue, error) {
	if v, ok := env.vars[e.name]; ok && !e.builtin {
		if len(e.args) > 0 {
			return scriptValue{}, &Error{e.pos, fmt.Sprintf("%s is a variable, not an entry point, and cannot be applied", e.name)}
		}
		return v, nil
	}
	args, err := env.evalAll(e.args)
	if err != nil {
		return scriptValue{}, err
	}
	if e.builtin {
		return env.builtin(e, args)
	}
	var flat []Value
	for i, a := range args {
		vs, err := a.flatten(e.args[i].Pos())
		if err != nil {
			return scriptValue{}, err
		}
		flat = append(flat, vs...)
	}
	res, err := env.prog.Run(e.name, flat)
	if err != nil {
		if isArgumentError(err) {
			return scriptValue{}, &scriptCallError{e.pos, e.name, err, true}
		}
		return scriptValue{}, &scriptCallError{e.pos, e.name, err, false}
	}
	var parts []int
	if g, ok := env.prog.(ResultGrouper); ok {
		parts = g.ResultParts(e.name)
	}
	return fromResults(res, parts), nil
}

// scriptCallError is a failed call of an entry point in a script.
type scriptCallError struct {
	pos     Pos
	entry   string
	err     error
	badArgs bool
}

func (e *scriptCallError) Error() string {
	return fmt.Sprintf("%s: calling %s: %v", e.pos, e.entry, e.err)
}
func (e *scriptCallError) Unwrap() error      { return e.err }
func (e *scriptCallError) BadArguments() bool { return e.badArgs }

func (env *scriptEnv) builtin(e *scriptName, args []scriptValue) (scriptValue, error) {
	if e.name != "loaddata" && e.name != "loadbytes" {
		return scriptValue{}, &Error{e.pos, fmt.Sprintf("unknown builtin $%s (test scripts have $loaddata and $loadbytes)", e.name)}
	}
	if len(args) != 1 || args[0].str == nil {
		return scriptValue{}, &Error{e.pos, fmt.Sprintf("$%s takes one argument, a file name in double quotes", e.name)}
	}
	path := *args[0].str
	if !filepath.IsAbs(path) {
		path = filepath.Join(env.dir, path)
	}
	if e.name == "loadbytes" {
		b, err := os.ReadFile(path)
		if err != nil {
			return scriptValue{}, &Error{e.pos, fmt.Sprintf("$loadbytes: %v", err)}
		}
		v, err := values.FromData(prim.U8, []int64{int64(len(b))}, b)
		if err != nil {
			return scriptValue{}, err
		}
		return leafOf(v), nil
	}
	vs, err := readValuesFile(path)
	if err != nil {
		return scriptValue{}, &Error{e.pos, fmt.Sprintf("$loaddata: %v", err)}
	}
	if len(vs) == 0 {
		return scriptValue{}, &Error{e.pos, fmt.Sprintf("$loaddata: %s holds no values", path)}
	}
	return fromResults(vs, nil), nil
}

// stackOpaque makes an array of opaque values, which is an opaque value
// too: the array of each part of the elements.
func stackOpaque(at Pos, elems []scriptValue) (scriptValue, error) {
	n := len(elems[0].elems)
	out := scriptValue{opaque: true}
	for i, el := range elems {
		if !el.opaque || len(el.elems) != n {
			return scriptValue{}, &Error{at, fmt.Sprintf("the elements of an array must have one type: element 0 is an opaque value, element %d is not one of the same kind", i)}
		}
	}
	for k := range n {
		part := make([]scriptValue, len(elems))
		for i, el := range elems {
			part[i] = el.elems[k]
		}
		v, err := stack(at, part)
		if err != nil {
			return scriptValue{}, err
		}
		out.elems = append(out.elems, leafOf(v))
	}
	return out, nil
}

// stack makes an array of the values elems, which must be values of one
// type and shape.
func stack(at Pos, elems []scriptValue) (Value, error) {
	var first Value
	for i, el := range elems {
		if el.leaf == nil {
			return Value{}, &Error{at, fmt.Sprintf("element %d of the array is not a value (arrays of tuples, records and strings are not supported)", i)}
		}
		if i == 0 {
			first = *el.leaf
			continue
		}
		v := *el.leaf
		if v.Elem() != first.Elem() || !sameShape(v.Shape(), first.Shape()) {
			return Value{}, &Error{at, fmt.Sprintf("the elements of an array must have one type and shape: element 0 is %s, element %d is %s", describeValue(first), i, describeValue(v))}
		}
	}
	shape := append([]int64{int64(len(elems))}, first.Shape()...)
	out := values.NewArray(first.Elem(), shape)
	k := 0
	for _, el := range elems {
		for j := range el.leaf.Len() {
			out.Set(k, el.leaf.Get(j))
			k++
		}
	}
	return out, nil
}

func describeValue(v Value) string {
	return values.ShapeString(v.Shape()) + v.Elem().String()
}

func sameShape(a, b []int64) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}
