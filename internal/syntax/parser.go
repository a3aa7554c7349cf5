package syntax

import (
	"fmt"
	"strings"
)

// Parsing limits: inputs beyond them get an error instead of exhausting
// the stack or flooding the user.
const (
	maxDepth  = 400
	maxErrors = 20
)

// parser is a recursive-descent parser over a pre-lexed token slice, so
// that disambiguation can look ahead freely.
type parser struct {
	toks       []token
	docs       map[int]string // doc comments by token index
	i          int
	recovering bool // skipping after an error: stray closers are noise
	modBraces  int  // module/signature braces open around the current point
	errs       ErrorList
	depth      int
	noAscribe  bool // inside an index: e : t would clash with slices
}

// bailout aborts the current declaration after an error was recorded.
type bailout struct{}

// ParseFile parses a source file. The error, if any, is an ErrorList. The
// returned File holds every declaration that parsed, even on error.
func ParseFile(filename string, src []byte, mode Mode) (f *File, err error) {
	p, lexErrs := newParser(filename, src, mode)
	f = &File{Name: filename}
	defer p.internalErrorNet(&err)
	f.Start = Pos{File: filename, Line: 1, Col: 1}
	for p.tok().kind != tEOF && len(p.errs) < maxErrors {
		if d := p.declRecover(); d != nil {
			f.Decls = append(f.Decls, d)
		}
	}
	f.Stop = p.tok().endPos()
	return f, p.finish(lexErrs)
}

// ParseExp parses a single expression.
func ParseExp(filename string, src []byte, mode Mode) (e Expr, err error) {
	p, lexErrs := newParser(filename, src, mode)
	defer p.internalErrorNet(&err)
	p.whole(func() { e = p.exp() })
	return e, p.finish(lexErrs)
}

// ParseType parses a single type expression, e.g. a signature in a string.
func ParseType(filename string, src []byte, mode Mode) (t TypeExp, err error) {
	p, lexErrs := newParser(filename, src, mode)
	defer p.internalErrorNet(&err)
	p.whole(func() { t = p.typ() })
	return t, p.finish(lexErrs)
}

// ParsePat parses a single pattern (as in a let binding).
func ParsePat(filename string, src []byte, mode Mode) (pt Pat, err error) {
	p, lexErrs := newParser(filename, src, mode)
	defer p.internalErrorNet(&err)
	p.whole(func() { pt = p.pat() })
	return pt, p.finish(lexErrs)
}

func newParser(filename string, src []byte, mode Mode) (*parser, ErrorList) {
	toks, docs, errs := lexDocs(filename, src, mode)
	return &parser{toks: toks, docs: docs}, errs
}

// doc returns the doc comment before the current token.
func (p *parser) doc() string { return p.docs[p.i] }

// whole runs parse on the entire input and requires the input to end.
func (p *parser) whole(parse func()) {
	defer func() {
		if r := recover(); r != nil {
			if _, ok := r.(bailout); !ok {
				panic(r)
			}
		}
	}()
	parse()
	if p.tok().kind != tEOF {
		p.errorf(p.tok().pos, "unexpected %s after the end", describe(p.tok()))
	}
}

// internalErrorNet turns an unexpected panic into an error; it is a last
// resort so that a parser bug never crashes the compiler.
func (p *parser) internalErrorNet(err *error) {
	if r := recover(); r != nil {
		pos := Pos{}
		if p.i < len(p.toks) {
			pos = p.toks[p.i].pos
		}
		*err = ErrorList{&Error{Pos: pos, Msg: fmt.Sprintf("internal parser error: %v", r)}}
	}
}

func (p *parser) finish(lexErrs ErrorList) error {
	// A parse error on a line with a lexical error is a consequence of it.
	lexLines := map[int]bool{}
	for _, e := range lexErrs {
		lexLines[e.Pos.Line] = true
	}
	all := lexErrs
	for _, e := range p.errs {
		if !lexLines[e.Pos.Line] {
			all = append(all, e)
		}
	}
	// Keep source order and drop errors at an identical position: the
	// lexer's report is the useful one there.
	sortErrors(all)
	out := all[:0]
	for i, e := range all {
		if i > 0 && e.Pos == all[i-1].Pos {
			continue
		}
		out = append(out, e)
	}
	if len(out) > maxErrors {
		out = out[:maxErrors]
	}
	return out.Err()
}

func sortErrors(l ErrorList) {
	// Insertion sort: lists are short and nearly sorted.
	for i := 1; i < len(l); i++ {
		for j := i; j > 0 && l[j].Pos.Before(l[j-1].Pos); j-- {
			l[j], l[j-1] = l[j-1], l[j]
		}
	}
}

// ---- token helpers ----

func (p *parser) tok() *token { return &p.toks[p.i] }

// peekTok returns the token k ahead (clamped to EOF).
func (p *parser) peekTok(k int) *token {
	if p.i+k < len(p.toks) {
		return &p.toks[p.i+k]
	}
	return &p.toks[len(p.toks)-1]
}

func (p *parser) advance() *token {
	t := &p.toks[p.i]
	if t.kind != tEOF {
		p.i++
	}
	return t
}

// prevEnd is the end of the last consumed token.
func (p *parser) prevEnd() Pos {
	if p.i == 0 {
		return p.toks[0].pos
	}
	return p.toks[p.i-1].endPos()
}

func (p *parser) span(start Pos) Span { return Span{Start: start, Stop: p.prevEnd()} }

func (p *parser) at(k tokKind) bool { return p.tok().kind == k }

func (p *parser) atKw(kw string) bool {
	t := p.tok()
	return t.kind == tKeyword && t.text == kw
}

func (p *parser) atSym(s string) bool {
	t := p.tok()
	return t.kind == tSymbol && t.text == s
}

func (p *parser) got(k tokKind) bool {
	if p.at(k) {
		p.advance()
		return true
	}
	return false
}

func (p *parser) expect(k tokKind, context string) *token {
	if !p.at(k) {
		p.errorf(p.tok().pos, "expected %s %s, found %s", k, context, describe(p.tok()))
	}
	return p.advance()
}

func (p *parser) expectKw(kw, context string) {
	if !p.atKw(kw) {
		p.errorf(p.tok().pos, "expected '%s' %s, found %s", kw, context, describe(p.tok()))
	}
	p.advance()
}

func describe(t *token) string {
	switch t.kind {
	case tEOF:
		return "end of file"
	case tIdent:
		return "name " + t.text
	case tKeyword:
		return "keyword '" + t.text + "'"
	case tInt, tFloat, tString:
		return "literal " + t.text
	case tConstr:
		return "constructor #" + t.text
	case tSymbol:
		return "operator " + t.text
	}
	return "'" + t.kind.String() + "'"
}

// errorf records an error and abandons the current construct.
func (p *parser) errorf(pos Pos, format string, args ...any) {
	p.errs = append(p.errs, &Error{Pos: pos, Msg: fmt.Sprintf(format, args...)})
	panic(bailout{})
}

// enter guards recursion depth; every recursive construct calls it.
func (p *parser) enter() {
	p.depth++
	if p.depth > maxDepth {
		p.errorf(p.tok().pos, "expression nested too deeply")
	}
}

func (p *parser) leave() { p.depth-- }

func (p *parser) ident(context string) *Ident {
	t := p.expect(tIdent, context)
	return &Ident{Span: Span{t.pos, t.endPos()}, Name: t.text}
}

// adjacent reports whether token k ahead directly follows the previous one.
func (p *parser) adjacent(k int) bool { return !p.peekTok(k).space }

// ---- declarations ----

// declRecover parses one declaration, skipping to the next plausible
// declaration start after an error.
func (p *parser) declRecover() (d Decl) {
	start := p.i
	defer func() {
		if r := recover(); r != nil {
			if _, ok := r.(bailout); !ok {
				panic(r)
			}
			p.recovering = true
			d = nil
			p.depth = 0
			p.noAscribe = false
			if p.i == start {
				p.advance()
			}
			p.syncDecl(p.modBraces)
			p.modBraces = 0
		}
	}()
	for p.recovering && (p.at(tRBrace) || p.at(tRParen) || p.at(tRBrack)) {
		p.advance()
	}
	if p.at(tEOF) {
		return nil
	}
	d = p.decl()
	p.recovering = false
	return d
}

// syncDecl skips to a token that likely starts a top-level declaration,
// first leaving the open module braces the error happened in.
func (p *parser) syncDecl(open int) {
	for {
		t := p.tok()
		switch t.kind {
		case tEOF:
			return
		case tLBrace:
			open++
		case tRBrace:
			if open > 0 {
				open--
				p.advance()
				continue
			}
		}
		if t.kind == tKeyword && open == 0 {
			switch t.text {
			case "def", "entry", "type", "type~", "type^", "module", "open", "import", "local":
				return
			case "let":
				if t.pos.Col == 1 {
					return
				}
			}
		}
		p.advance()
	}
}

func (p *parser) decl() Decl {
	p.enter()
	defer p.leave()
	t := p.tok()
	start, doc := t.pos, p.doc()
	if t.kind == tAttr {
		a := p.attrAfterHash()
		d := p.decl()
		setDoc(d, doc) // a doc comment before the attribute documents the declaration
		return &AttrDecl{Span: p.span(start), Attr: a, Decl: d}
	}
	if t.kind != tKeyword {
		p.errorf(t.pos, "expected a declaration, found %s", describe(t))
	}
	switch t.text {
	case "def", "entry", "let":
		return p.valDecl()
	case "type", "type~", "type^":
		p.advance()
		d := &TypeDecl{Lift: liftOf(t.text), Doc: doc}
		d.Name = p.ident("after 'type'")
		d.TypeParams = p.typeParams()
		p.expect(tEquals, "in type declaration")
		d.Type = p.typ()
		d.Span = p.span(start)
		return d
	case "module":
		p.advance()
		if p.atKw("type") {
			p.advance()
			d := &ModTypeDecl{Doc: doc}
			d.Name = p.ident("after 'module type'")
			p.expect(tEquals, "in module type declaration")
			d.Type = p.modType()
			d.Span = p.span(start)
			return d
		}
		d := &ModDecl{Doc: doc}
		d.Name = p.ident("after 'module'")
		for p.at(tLParen) {
			d.Params = append(d.Params, p.modParam())
		}
		if p.got(tColon) {
			d.Sig = p.modType()
		}
		p.expect(tEquals, "in module declaration")
		d.Body = p.modExp()
		d.Span = p.span(start)
		return d
	case "open":
		p.advance()
		m := p.modExp()
		return &OpenDecl{Span: p.span(start), Mod: m}
	case "import":
		p.advance()
		s := p.expect(tString, "after 'import'")
		return &ImportDecl{Span: p.span(start), Path: string(s.lit.(*StringLit).Value), PathPos: s.pos}
	case "local":
		p.advance()
		d := p.decl()
		return &LocalDecl{Span: p.span(start), Decl: d}
	}
	p.errorf(t.pos, "expected a declaration, found %s", describe(t))
	return nil
}

// setDoc gives n the doc comment doc unless it already has one.
func setDoc(n Node, doc string) {
	if doc == "" {
		return
	}
	var field *string
	switch n := n.(type) {
	case *ValDecl:
		field = &n.Doc
	case *TypeDecl:
		field = &n.Doc
	case *ModDecl:
		field = &n.Doc
	case *ModTypeDecl:
		field = &n.Doc
	case *ValSpec:
		field = &n.Doc
	case *TypeSpec:
		field = &n.Doc
	case *ModSpec:
		field = &n.Doc
	default:
		return
	}
	if *field == "" {
		*field = doc
	}
}

func liftOf(kw string) Liftedness {
	switch kw {
	case "type~":
		return SizeLifted
	case "type^":
		return Lifted
	}
	return Unlifted
}

func (p *parser) valDecl() *ValDecl {
	d := &ValDecl{Doc: p.doc()}
	t := p.advance()
	switch t.text {
	case "entry":
		d.Kind = KwEntry
	case "let":
		d.Kind = KwLet
	}
	start := t.pos
	switch {
	case p.at(tLParen) && p.peekTok(1).kind == tSymbol && p.peekTok(2).kind == tRParen:
		p.advance()
		s := p.advance()
		p.advance()
		d.Name = &Ident{Span: Span{s.pos, s.endPos()}, Name: s.text}
		d.IsOp = true
	case p.at(tIdent) && p.peekTok(1).kind != tSymbol:
		d.Name = p.ident("")
	default:
		// Infix definition: pat op pat.
		left := p.patAtom()
		s := p.expect(tSymbol, "(an operator) in infix definition")
		d.Name = &Ident{Span: Span{s.pos, s.endPos()}, Name: s.text}
		d.IsOp, d.Infix = true, true
		right := p.patAtom()
		d.Params = []Pat{left, right}
	}
	if !d.Infix {
		d.TypeParams = p.typeParams()
		for p.atPatAtomStart() {
			d.Params = append(d.Params, p.patAtom())
		}
	}
	if p.got(tColon) {
		d.RetType = p.typ()
	}
	p.expect(tEquals, "in definition of "+d.Name.Name)
	d.Body = p.exp()
	d.Span = p.span(start)
	return d
}

// typeParams parses 'a '~a '^a [n] parameters.
func (p *parser) typeParams() []*TypeParam {
	var ps []*TypeParam
	for {
		t := p.tok()
		start := t.pos
		var tp *TypeParam
		switch t.kind {
		case tTick, tTickTilde, tTickHat:
			p.advance()
			tp = &TypeParam{Lift: map[tokKind]Liftedness{tTick: Unlifted, tTickTilde: SizeLifted, tTickHat: Lifted}[t.kind]}
			tp.Name = p.ident("in type parameter")
		case tLBrack, tLBrackIx:
			p.advance()
			tp = &TypeParam{Size: true}
			tp.Name = p.ident("in size parameter")
			p.expect(tRBrack, "after size parameter")
		default:
			return ps
		}
		tp.Span = p.span(start)
		ps = append(ps, tp)
	}
}

func (p *parser) modParam() *ModParam {
	start := p.expect(tLParen, "").pos
	mp := &ModParam{}
	mp.Name = p.ident("in module parameter")
	p.expect(tColon, "in module parameter")
	mp.Type = p.modType()
	p.expect(tRParen, "after module parameter")
	mp.Span = p.span(start)
	return mp
}

// attrAfterHash parses #[ attr ].
func (p *parser) attrAfterHash() *Attr {
	p.expect(tAttr, "")
	a := p.attr()
	p.expect(tRBrack, "to close attribute")
	return a
}

func (p *parser) attr() *Attr {
	p.enter()
	defer p.leave()
	t := p.tok()
	switch t.kind {
	case tInt:
		p.advance()
		if strings.ContainsAny(t.text, "xXbB._'iuf") {
			p.errorf(t.pos, "attribute numbers must be plain decimal integers, not %s", t.text)
		}
		return &Attr{Span: Span{t.pos, t.endPos()}, Name: t.text, IsNum: true}
	case tIdent, tKeyword:
		p.advance()
		a := &Attr{Name: t.text}
		if p.at(tLParen) {
			p.advance()
			a.Call = true
			for !p.at(tRParen) {
				a.Args = append(a.Args, p.attr())
				if !p.got(tComma) {
					break
				}
			}
			p.expect(tRParen, "to close attribute arguments")
		}
		a.Span = p.span(t.pos)
		return a
	}
	p.errorf(t.pos, "expected an attribute (a name or a number), found %s", describe(t))
	return nil
}

// ---- module expressions and module types ----

func (p *parser) modExp() ModExp {
	p.enter()
	defer p.leave()
	start := p.tok().pos
	if p.at(tBackslash) {
		p.advance()
		l := &ModLambda{}
		l.Param = p.modParam()
		if p.got(tColon) {
			l.Sig = p.modTypeNoArrow()
		}
		p.expect(tArrow, "in parametric module")
		l.Body = p.modExp()
		l.Span = p.span(start)
		return l
	}
	m := p.modAtom()
	// import "f" may head a module expression but is no argument: a
	// top-level import after a module body starts a new declaration.
	for p.at(tIdent) || p.at(tLParen) || p.at(tLBrace) {
		arg := p.modAtom()
		m = &ModApply{Span: p.span(start), Fun: m, Arg: arg}
	}
	if p.got(tColon) {
		s := p.modType()
		m = &ModAscribe{Span: p.span(start), Mod: m, Sig: s}
	}
	return m
}

func (p *parser) modAtom() ModExp {
	t := p.tok()
	start := t.pos
	switch {
	case t.kind == tIdent:
		q := p.qualName()
		return &ModVar{Span: q.Span, Name: q}
	case t.kind == tLParen:
		p.advance()
		m := p.modExp()
		p.expect(tRParen, "to close module expression")
		return m
	case t.kind == tLBrace:
		p.advance()
		s := &ModStruct{}
		p.modBraces++
		for !p.at(tRBrace) && !p.at(tEOF) {
			s.Decls = append(s.Decls, p.decl())
		}
		p.expect(tRBrace, "to close module")
		p.modBraces--
		s.Span = p.span(start)
		return s
	case p.atKw("import"):
		p.advance()
		s := p.expect(tString, "after 'import'")
		return &ModImport{Span: p.span(start), Path: string(s.lit.(*StringLit).Value), PathPos: s.pos}
	}
	p.errorf(t.pos, "expected a module expression, found %s", describe(t))
	return nil
}

// qualName parses name(.name)* with the dots written without spaces.
func (p *parser) qualName() *QualName {
	q := &QualName{Name: p.ident("")}
	for p.at(tDot) && p.adjacent(0) && p.peekTok(1).kind == tIdent && p.adjacent(1) {
		p.advance()
		q.Quals = append(q.Quals, q.Name)
		q.Name = p.ident("")
	}
	q.Span = Span{q.Name.Start, q.Name.Stop}
	if len(q.Quals) > 0 {
		q.Start = q.Quals[0].Start
	}
	return q
}

func (p *parser) modType() ModTypeExp {
	p.enter()
	defer p.leave()
	start := p.tok().pos
	if p.at(tLParen) && p.peekTok(1).kind == tIdent && p.peekTok(2).kind == tColon {
		p.advance()
		name := p.ident("")
		p.advance()
		from := p.modType()
		p.expect(tRParen, "after functor parameter")
		p.expect(tArrow, "in parametric module type")
		res := p.modType()
		return &ModTypeArrow{Span: p.span(start), Param: name, From: from, Result: res}
	}
	t := p.modTypeNoArrow()
	if p.got(tArrow) {
		res := p.modType()
		return &ModTypeArrow{Span: p.span(start), From: t, Result: res}
	}
	return t
}

func (p *parser) modTypeNoArrow() ModTypeExp {
	start := p.tok().pos
	var t ModTypeExp
	switch {
	case p.at(tIdent):
		q := p.qualName()
		t = &ModTypeVar{Span: q.Span, Name: q}
	case p.at(tLBrace):
		p.advance()
		s := &ModTypeSpecs{}
		p.modBraces++
		for !p.at(tRBrace) && !p.at(tEOF) {
			s.Specs = append(s.Specs, p.spec())
		}
		p.expect(tRBrace, "to close module type")
		p.modBraces--
		s.Span = p.span(start)
		t = s
	case p.at(tLParen):
		p.advance()
		t = p.modType()
		p.expect(tRParen, "to close module type")
	default:
		p.errorf(p.tok().pos, "expected a module type, found %s", describe(p.tok()))
	}
	for p.atKw("with") {
		p.advance()
		w := &ModTypeWith{Sig: t}
		w.Name = p.qualName()
		w.TypeParams = p.typeParams()
		p.expect(tEquals, "in 'with' refinement")
		w.Type = p.typ()
		w.Span = p.span(start)
		t = w
	}
	return t
}

func (p *parser) spec() Spec {
	p.enter()
	defer p.leave()
	t := p.tok()
	start, doc := t.pos, p.doc()
	if t.kind == tAttr {
		a := p.attrAfterHash()
		s := p.spec()
		setDoc(s, doc)
		return &AttrSpec{Span: p.span(start), Attr: a, Spec: s}
	}
	if t.kind == tKeyword {
		switch t.text {
		case "val":
			p.advance()
			s := &ValSpec{Doc: doc}
			switch {
			case p.at(tLParen) && p.peekTok(1).kind == tSymbol && p.peekTok(2).kind == tRParen:
				p.advance()
				o := p.advance()
				p.advance()
				s.Name, s.IsOp = &Ident{Span: Span{o.pos, o.endPos()}, Name: o.text}, true
			case p.at(tSymbol):
				o := p.advance()
				s.Name, s.IsOp = &Ident{Span: Span{o.pos, o.endPos()}, Name: o.text}, true
			default:
				s.Name = p.ident("after 'val'")
			}
			s.TypeParams = p.typeParams()
			p.expect(tColon, "in value spec")
			s.Type = p.typ()
			s.Span = p.span(start)
			return s
		case "type", "type~", "type^":
			p.advance()
			s := &TypeSpec{Lift: liftOf(t.text), Doc: doc}
			s.Name = p.ident("after 'type'")
			s.TypeParams = p.typeParams()
			if p.got(tEquals) {
				s.Type = p.typ()
			}
			s.Span = p.span(start)
			return s
		case "module":
			p.advance()
			s := &ModSpec{Doc: doc}
			s.Name = p.ident("after 'module'")
			p.expect(tColon, "in module spec")
			s.Type = p.modType()
			s.Span = p.span(start)
			return s
		case "include":
			p.advance()
			mt := p.modType()
			return &IncludeSpec{Span: p.span(start), Type: mt}
		}
	}
	p.errorf(t.pos, "expected a spec (val, type, module or include), found %s", describe(t))
	return nil
}
