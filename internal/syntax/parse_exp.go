package syntax

// Expression, pattern and type parsing. Binding levels follow LANGUAGE.md
// §7.3; the level numbers below are the table's.

// Binding levels of the infix forms.
const (
	lvlBacktick = 3
	lvlWith     = 4
	lvlPipe     = 5
	lvlMul      = 13
)

// fixities maps built-in operators to their level; a symbol takes the level
// of its longest built-in prefix. Only <| is right-associative.
var fixities = map[string]int{
	"|>": 5, "<|": 6, "||": 7, "&&": 8,
	"==": 9, "!=": 9, "<=": 9, ">=": 9, "<": 9, ">": 9, "=": 9, "!": 9,
	"&": 10, "^": 10, "|": 10,
	"<<": 11, ">>": 11,
	"+": 12, "-": 12,
	"*": 13, "/": 13, "%": 13, "//": 13, "%%": 13,
	"**": 14,
}

// Fixity returns the binding level (5..14, §7.3) and associativity of an
// infix operator symbol.
func Fixity(sym string) (level int, rightAssoc bool) {
	for n := min(len(sym), 2); n > 0; n-- {
		if l, ok := fixities[sym[:n]]; ok {
			return l, sym[:n] == "<|"
		}
	}
	return 9, false
}

// exp parses a full expression, including ascription (the loosest form).
func (p *parser) exp() Expr {
	p.enter()
	defer p.leave()
	start := p.tok().pos
	x := p.rangeExp()
	for !p.noAscribe && (p.at(tColon) || p.at(tColonGt)) {
		coerce := p.advance().kind == tColonGt
		t := p.typ()
		if coerce {
			x = &Coerce{Span: p.span(start), X: x, Type: t}
		} else {
			x = &Ascript{Span: p.span(start), X: x, Type: t}
		}
	}
	return x
}

func rangeKind(k tokKind) (RangeKind, bool) {
	switch k {
	case tDotDotDot:
		return RangeIncl, true
	case tDotDotLt:
		return RangeUpTo, true
	case tDotDotGt:
		return RangeDownTo, true
	}
	return 0, false
}

// rangeExp parses a [.. s] (...|..<|..>) b, or just an infix expression.
func (p *parser) rangeExp() Expr {
	start := p.tok().pos
	x := p.binary(lvlBacktick)
	var second Expr
	if p.at(tDotDot) {
		p.advance()
		second = p.binary(lvlBacktick)
		if _, ok := rangeKind(p.tok().kind); !ok {
			p.errorf(p.tok().pos, "expected ..., ..< or ..> to finish the range, found %s", describe(p.tok()))
		}
	}
	k, ok := rangeKind(p.tok().kind)
	if !ok {
		return x
	}
	p.advance()
	end := p.binary(lvlBacktick)
	r := &Range{Span: p.span(start), Start: x, Second: second, Kind: k, Limit: end}
	if _, again := rangeKind(p.tok().kind); again || p.at(tDotDot) {
		p.errorf(p.tok().pos, "ranges do not chain; parenthesise the inner range")
	}
	return r
}

// infixOp describes the infix operator at the current token, if any; n is
// the number of tokens it spans.
func (p *parser) infixOp() (level int, right bool, n int) {
	t := p.tok()
	switch t.kind {
	case tSymbol:
		l, r := Fixity(t.text)
		return l, r, 1
	case tBacktick:
		k := 1
		if p.peekTok(k).kind != tIdent {
			return 0, false, 0
		}
		k++
		for p.peekTok(k).kind == tDot && p.peekTok(k+1).kind == tIdent {
			k += 2
		}
		if p.peekTok(k).kind != tBacktick {
			return 0, false, 0
		}
		return lvlBacktick, false, k + 1
	case tIdent:
		if k := p.qualSymbolLen(0); k > 0 {
			l, r := Fixity(p.peekTok(k - 1).text)
			return l, r, k
		}
	case tKeyword:
		if t.text == "with" {
			return lvlWith, false, 1
		}
	}
	return 0, false, 0
}

// qualSymbolLen returns the token count of a qualified operator M.N.+
// starting k tokens ahead, or 0 if there is none there.
func (p *parser) qualSymbolLen(k int) int {
	j := k
	if p.peekTok(j).kind != tIdent {
		return 0
	}
	for {
		if p.peekTok(j+1).kind != tDot || !p.adjacent(j+1) || !p.adjacent(j+2) {
			return 0
		}
		switch p.peekTok(j + 2).kind {
		case tSymbol:
			return j + 3 - k
		case tIdent:
			j += 2
		default:
			return 0
		}
	}
}

// opName consumes an operator spanning n tokens (as found by infixOp).
func (p *parser) opName(n int) (q *QualName, backtick bool) {
	start := p.tok().pos
	if p.at(tBacktick) {
		p.advance()
		q = p.qualName()
		p.expect(tBacktick, "to close backtick operator")
		q.Span = p.span(start)
		return q, true
	}
	q = &QualName{}
	for k := 0; k < n; k++ {
		t := p.advance()
		if t.kind == tIdent || t.kind == tSymbol {
			if q.Name != nil {
				q.Quals = append(q.Quals, q.Name)
			}
			q.Name = &Ident{Span: Span{t.pos, t.endPos()}, Name: t.text}
		}
	}
	q.Span = p.span(start)
	return q, false
}

// binary parses infix operators of level >= minLevel by precedence
// climbing.
func (p *parser) binary(minLevel int) Expr {
	p.enter()
	defer p.leave()
	start := p.tok().pos
	x := p.unary()
	for {
		level, right, n := p.infixOp()
		if n == 0 || level < minLevel {
			return x
		}
		// An operator directly before ')' belongs to a left section.
		if p.peekTok(n).kind == tRParen {
			return x
		}
		if level == lvlWith {
			p.advance()
			steps := p.updatePath()
			p.expect(tEquals, "in 'with' update")
			v := p.binary(lvlWith + 1)
			x = &Update{Span: p.span(start), X: x, Steps: steps, Value: v}
			continue
		}
		op, bt := p.opName(n)
		next := level + 1
		if right {
			next = level
		}
		y := p.binary(next)
		x = &BinOp{Span: p.span(start), Op: op, Backtick: bt, X: x, Y: y}
	}
}

// updatePath parses the path of a with-update: ([i] | f) (.f | .[i] | [i])*.
func (p *parser) updatePath() []*UpdateStep {
	var steps []*UpdateStep
	switch {
	case p.at(tLBrack) || p.at(tLBrackIx):
		steps = append(steps, p.indexStep())
	case p.at(tIdent) || p.at(tInt):
		steps = append(steps, p.fieldStep())
	default:
		p.errorf(p.tok().pos, "expected a field name or [index] after 'with', found %s", describe(p.tok()))
	}
	for {
		switch {
		case p.at(tDot) && p.adjacent(0):
			p.advance()
			if p.at(tLBrack) || p.at(tLBrackIx) {
				steps = append(steps, p.indexStep())
			} else {
				steps = append(steps, p.fieldStep())
			}
		case p.at(tLBrackIx):
			steps = append(steps, p.indexStep())
		default:
			return steps
		}
	}
}

func (p *parser) fieldStep() *UpdateStep {
	f := p.fieldName()
	return &UpdateStep{Span: f.Span, Field: f}
}

func (p *parser) indexStep() *UpdateStep {
	start := p.tok().pos
	idx := p.indices()
	return &UpdateStep{Span: p.span(start), Indices: idx}
}

// fieldName parses a field: a name or a decimal number.
func (p *parser) fieldName() *Ident {
	t := p.tok()
	if t.kind == tIdent || t.kind == tInt && isDecimalField(t.text) {
		p.advance()
		return &Ident{Span: Span{t.pos, t.endPos()}, Name: t.text}
	}
	p.errorf(t.pos, "expected a field name, found %s", describe(t))
	return nil
}

func isDecimalField(s string) bool {
	for i := 0; i < len(s); i++ {
		if !isDigit(s[i]) {
			return false
		}
	}
	return s != ""
}

// unary parses prefix operators, block expressions and applications.
func (p *parser) unary() Expr {
	t := p.tok()
	start := t.pos
	if t.kind == tSymbol && (t.text == "-" || t.text == "!") {
		p.advance()
		p.enter()
		x := p.unary()
		p.leave()
		return &Prefix{Span: p.span(start), Op: t.text, X: x}
	}
	if p.atBlockStart() {
		return p.block()
	}
	return p.apply()
}

// atBlockStart reports whether an expression that extends as far right as
// possible starts here.
func (p *parser) atBlockStart() bool {
	t := p.tok()
	switch t.kind {
	case tBackslash, tAttr:
		return true
	case tKeyword:
		switch t.text {
		case "if", "let", "loop", "match", "assert":
			return true
		}
	}
	return false
}

func (p *parser) block() Expr {
	p.enter()
	defer p.leave()
	t := p.tok()
	start := t.pos
	switch t.kind {
	case tBackslash:
		p.advance()
		l := &Lambda{}
		for p.atPatAtomStart() {
			l.Params = append(l.Params, p.patAtom())
		}
		if len(l.Params) == 0 {
			p.errorf(p.tok().pos, "expected lambda parameters after \\, found %s", describe(p.tok()))
		}
		if p.got(tColon) {
			l.RetType = p.typeNoArrow()
		}
		p.expect(tArrow, "after lambda parameters")
		l.Body = p.exp()
		l.Span = p.span(start)
		return l
	case tAttr:
		a := p.attrAfterHash()
		x := p.exp()
		return &AttrExp{Span: p.span(start), Attr: a, X: x}
	}
	switch t.text {
	case "if":
		p.advance()
		e := &If{}
		e.Cond = p.exp()
		p.expectKw("then", "after if condition")
		e.Then = p.exp()
		p.expectKw("else", "after then branch")
		e.Else = p.exp()
		e.Span = p.span(start)
		return e
	case "let":
		return p.let()
	case "loop":
		return p.loop()
	case "match":
		p.advance()
		m := &Match{}
		m.X = p.exp()
		if !p.atKw("case") {
			p.errorf(p.tok().pos, "expected 'case' after match expression, found %s", describe(p.tok()))
		}
		for p.atKw("case") {
			cstart := p.advance().pos
			c := &Case{}
			c.Pat = p.casePat()
			p.expect(tArrow, "after case pattern")
			c.Body = p.exp()
			c.Span = p.span(cstart)
			m.Cases = append(m.Cases, c)
		}
		m.Span = p.span(start)
		return m
	case "assert":
		p.advance()
		a := &Assert{}
		a.Cond = p.atom()
		a.Body = p.exp()
		a.Span = p.span(start)
		return a
	}
	p.errorf(t.pos, "expected an expression, found %s", describe(t))
	return nil
}

func (p *parser) let() Expr {
	start := p.advance().pos
	var (
		x     Expr
		value Expr
	)
	// Shapes: let [n]... pat = e, let f params = e, let x[i] = e, let r.f = e.
	switch {
	case p.at(tIdent) && (p.peekTok(1).kind == tLBrackIx || p.peekTok(1).kind == tDot && p.adjacent(1)):
		w := &LetWith{Dest: p.ident("")}
		for {
			if p.at(tLBrackIx) {
				w.Steps = append(w.Steps, p.indexStep())
			} else if p.at(tDot) && p.adjacent(0) {
				p.advance()
				w.Steps = append(w.Steps, p.fieldStep())
			} else {
				break
			}
		}
		p.expect(tEquals, "in let update")
		w.Value = p.exp()
		value = w.Value
		x = w
	case p.at(tIdent) && !p.atLetPatEnd(1),
		p.at(tLParen) && p.peekTok(1).kind == tSymbol && p.peekTok(2).kind == tRParen && !p.atLetPatEnd(3):
		f := &LetFun{}
		if p.at(tLParen) {
			p.advance()
			s := p.advance()
			p.advance()
			f.Name, f.IsOp = &Ident{Span: Span{s.pos, s.endPos()}, Name: s.text}, true
		} else {
			f.Name = p.ident("")
		}
		f.TypeParams = p.typeParams()
		for p.atPatAtomStart() {
			f.Params = append(f.Params, p.patAtom())
		}
		if len(f.Params) == 0 {
			p.errorf(p.tok().pos, "expected a parameter of local function %s, found %s", f.Name.Name, describe(p.tok()))
		}
		if p.got(tColon) {
			f.RetType = p.typ()
		}
		p.expect(tEquals, "in local function definition")
		f.Value = p.exp()
		value = f.Value
		x = f
	default:
		l := &LetPat{}
		for p.at(tLBrack) || len(l.Sizes) > 0 && p.at(tLBrackIx) {
			p.advance()
			l.Sizes = append(l.Sizes, p.ident("in size binding"))
			p.expect(tRBrack, "after size binding")
		}
		l.Pat = p.pat()
		p.expect(tEquals, "in let binding")
		l.Value = p.exp()
		value = l.Value
		x = l
	}
	_ = value
	var body Expr
	switch {
	case p.atKw("in"):
		p.advance()
		body = p.exp()
	case p.atKw("let"):
		p.enter()
		body = p.let()
		p.leave()
	default:
		p.errorf(p.tok().pos, "expected 'in' or another 'let' after let binding, found %s", describe(p.tok()))
	}
	sp := p.span(start)
	switch x := x.(type) {
	case *LetWith:
		x.Body, x.Span = body, sp
	case *LetFun:
		x.Body, x.Span = body, sp
	case *LetPat:
		x.Body, x.Span = body, sp
	}
	return x
}

// atLetPatEnd reports whether the token k ahead ends a simple let pattern
// (so a preceding name is a variable, not a function name).
func (p *parser) atLetPatEnd(k int) bool {
	switch p.peekTok(k).kind {
	case tEquals, tColon:
		return true
	}
	return false
}

func (p *parser) loop() Expr {
	start := p.advance().pos
	l := &Loop{}
	l.Pat = p.pat()
	if p.got(tEquals) {
		l.Init = p.exp()
	}
	fstart := p.tok().pos
	switch {
	case p.atKw("for") && p.peekTok(1).kind == tIdent && p.peekTok(2).kind == tSymbol && p.peekTok(2).text == "<":
		p.advance()
		f := &ForLoop{Var: p.ident("")}
		p.advance()
		f.Bound = p.exp()
		f.Span = p.span(fstart)
		l.Form = f
	case p.atKw("for"):
		p.advance()
		f := &ForInLoop{Pat: p.pat()}
		p.expectKw("in", "in for-in loop")
		f.Array = p.exp()
		f.Span = p.span(fstart)
		l.Form = f
	case p.atKw("while"):
		p.advance()
		w := &WhileLoop{Cond: p.exp()}
		w.Span = p.span(fstart)
		l.Form = w
	default:
		p.errorf(p.tok().pos, "expected 'for' or 'while' in loop, found %s", describe(p.tok()))
	}
	p.expectKw("do", "after loop header")
	l.Body = p.exp()
	l.Span = p.span(start)
	return l
}

// apply parses a constructor application or a function application.
func (p *parser) apply() Expr {
	start := p.tok().pos
	if p.at(tConstr) {
		t := p.advance()
		c := &ConstrExp{Name: &Ident{Span: Span{t.pos, t.endPos()}, Name: t.text}}
		for p.atAtomStart() {
			c.Args = append(c.Args, p.atom())
		}
		c.Span = p.span(start)
		return c
	}
	x := p.atom()
	for {
		switch {
		case p.atAtomStart():
			arg := p.atom()
			x = &Apply{Span: p.span(start), Fun: x, Arg: arg}
		case p.at(tBackslash):
			// A lambda may be the last argument without parentheses.
			arg := p.block()
			return &Apply{Span: p.span(start), Fun: x, Arg: arg}
		default:
			return x
		}
	}
}

func (p *parser) atAtomStart() bool {
	t := p.tok()
	switch t.kind {
	case tIdent:
		return p.qualSymbolLen(0) == 0
	case tInt, tFloat, tString, tLParen, tLBrack, tLBrackIx, tLBrace, tConstr, tHole:
		return true
	case tKeyword:
		return t.text == "true" || t.text == "false"
	}
	return false
}

// atom parses an atomic expression with its postfix projections/indexing.
func (p *parser) atom() Expr {
	p.enter()
	defer p.leave()
	t := p.tok()
	start := t.pos
	var x Expr
	switch t.kind {
	case tInt, tFloat, tString:
		p.advance()
		x = t.lit
		setSpan(x, Span{t.pos, t.endPos()})
	case tKeyword:
		if t.text != "true" && t.text != "false" {
			p.errorf(t.pos, "expected an expression, found %s", describe(t))
		}
		p.advance()
		x = &BoolLit{Span: Span{t.pos, t.endPos()}, Value: t.text == "true"}
	case tConstr:
		p.advance()
		x = &ConstrExp{Span: Span{t.pos, t.endPos()}, Name: &Ident{Span: Span{t.pos, t.endPos()}, Name: t.text}}
	case tHole:
		p.advance()
		x = &Hole{Span: Span{t.pos, t.endPos()}}
	case tIdent:
		x = p.nameChain()
	case tLParen:
		x = p.parenExp()
	case tLBrack, tLBrackIx:
		p.advance()
		a := &ArrayLit{}
		saved := p.noAscribe
		p.noAscribe = false
		for !p.at(tRBrack) {
			a.Elems = append(a.Elems, p.exp())
			if !p.got(tComma) {
				break
			}
		}
		p.noAscribe = saved
		p.expect(tRBrack, "to close array literal")
		a.Span = p.span(start)
		x = a
	case tLBrace:
		x = p.record()
	default:
		p.errorf(t.pos, "expected an expression, found %s", describe(t))
	}
	// Postfix indexing and projection.
	for {
		switch {
		case p.at(tLBrackIx):
			idx := p.indices()
			x = &Index{Span: p.span(start), X: x, Indices: idx}
		case p.at(tDot) && p.adjacent(0) && p.adjacent(1) && (p.peekTok(1).kind == tIdent || p.peekTok(1).kind == tInt):
			p.advance()
			f := p.fieldName()
			x = &Project{Span: p.span(start), X: x, Field: f}
		default:
			return x
		}
	}
}

// setSpan fills in the span of a literal node made by the lexer.
func setSpan(x Expr, s Span) {
	switch x := x.(type) {
	case *IntLit:
		x.Span = s
	case *FloatLit:
		x.Span = s
	case *StringLit:
		x.Span = s
	}
}

// nameChain parses a.b.c (names and field numbers) or a local open M.(e).
func (p *parser) nameChain() Expr {
	first := p.ident("")
	v := &Var{Path: []*Ident{first}}
	for p.at(tDot) && p.adjacent(0) && p.adjacent(1) {
		switch next := p.peekTok(1); {
		case next.kind == tIdent || next.kind == tInt && isDecimalField(next.text):
			p.advance()
			v.Path = append(v.Path, p.fieldName())
		case next.kind == tLParen:
			q := &QualName{Name: v.Path[len(v.Path)-1]}
			for _, id := range v.Path[:len(v.Path)-1] {
				q.Quals = append(q.Quals, id)
			}
			for _, id := range v.Path {
				if !isIdentName(id.Name) {
					p.errorf(id.Start, "local open needs a module name, not the field %s", id.Name)
				}
			}
			q.Span = Span{first.Start, v.Path[len(v.Path)-1].Stop}
			p.advance()
			// The body is any parenthesised form, so M.(+) and M.(a, b) work.
			e := p.parenExp()
			return &OpenExp{Span: p.span(first.Start), Mod: q, X: e}
		default:
			v.Span = Span{first.Start, p.prevEnd()}
			return v
		}
	}
	v.Span = Span{first.Start, p.prevEnd()}
	return v
}

func isIdentName(s string) bool { return s != "" && !isDigit(s[0]) }

// indices parses [i, j:k:s, ...].
func (p *parser) indices() []*DimIndex {
	p.advance() // [
	saved := p.noAscribe
	p.noAscribe = true
	var idx []*DimIndex
	for !p.at(tRBrack) {
		idx = append(idx, p.dimIndex())
		if !p.got(tComma) {
			break
		}
	}
	p.noAscribe = saved
	p.expect(tRBrack, "to close index")
	return idx
}

func (p *parser) dimIndex() *DimIndex {
	start := p.tok().pos
	d := &DimIndex{}
	endsPart := func() bool { return p.at(tColon) || p.at(tComma) || p.at(tRBrack) }
	if !p.at(tColon) {
		d.Index = p.exp()
	}
	if !p.at(tColon) {
		d.Span = p.span(start)
		return d
	}
	d.Slice, d.Start, d.Index = true, d.Index, nil
	p.advance()
	if !endsPart() {
		d.End = p.exp()
	}
	if p.got(tColon) && !p.at(tComma) && !p.at(tRBrack) {
		d.Stride = p.exp()
	}
	d.Span = p.span(start)
	return d
}

func (p *parser) record() Expr {
	start := p.advance().pos
	r := &Record{}
	saved := p.noAscribe
	p.noAscribe = false
	for !p.at(tRBrace) {
		f := &FieldExp{Name: p.fieldName()}
		if p.got(tEquals) {
			f.Value = p.exp()
		} else if !isIdentName(f.Name.Name) {
			p.errorf(p.tok().pos, "expected = after numeric field %s", f.Name.Name)
		}
		f.Span = p.span(f.Name.Start)
		r.Fields = append(r.Fields, f)
		if !p.got(tComma) {
			break
		}
	}
	p.noAscribe = saved
	p.expect(tRBrace, "to close record")
	r.Span = p.span(start)
	return r
}

// parenExp parses everything that starts with '(': unit, parenthesised
// expressions, tuples and the section forms.
func (p *parser) parenExp() Expr {
	start := p.advance().pos
	saved := p.noAscribe
	p.noAscribe = false
	defer func() { p.noAscribe = saved }()
	closeParen := func() { p.expect(tRParen, "to close parenthesis") }
	t := p.tok()
	switch {
	case t.kind == tRParen:
		p.advance()
		return &Tuple{Span: p.span(start)}
	case t.kind == tDot:
		s := &ProjSection{}
		for p.got(tDot) {
			if p.at(tLBrack) || p.at(tLBrackIx) {
				s.Steps = append(s.Steps, p.indexStep())
			} else {
				s.Steps = append(s.Steps, p.fieldStep())
			}
		}
		closeParen()
		s.Span = p.span(start)
		return s
	}
	// Operator first: (op) or (op e), except that (-e) and (!e) negate.
	if _, _, n := p.infixOp(); n > 0 && !p.atKw("with") && !(t.kind == tSymbol && (t.text == "-" || t.text == "!") && p.peekTok(1).kind != tRParen) {
		op, bt := p.opName(n)
		if p.got(tRParen) {
			return &OpSection{Span: p.span(start), Op: op, Backtick: bt}
		}
		y := p.exp()
		closeParen()
		return &RightSection{Span: p.span(start), Op: op, Backtick: bt, Y: y}
	}
	x := p.exp()
	if p.at(tComma) {
		tup := &Tuple{Elems: []Expr{x}}
		for p.got(tComma) && !p.at(tRParen) {
			tup.Elems = append(tup.Elems, p.exp())
		}
		closeParen()
		tup.Span = p.span(start)
		return tup
	}
	if _, _, n := p.infixOp(); n > 0 && !p.atKw("with") && p.peekTok(n).kind == tRParen {
		op, bt := p.opName(n)
		closeParen()
		return &LeftSection{Span: p.span(start), X: x, Op: op, Backtick: bt}
	}
	closeParen()
	return x
}

// ---- patterns ----

// pat parses a pattern with an optional type ascription (let, loop).
func (p *parser) pat() Pat {
	p.enter()
	defer p.leave()
	start := p.tok().pos
	if p.at(tAttr) {
		a := p.attrAfterHash()
		q := p.pat()
		return &PatAttr{Span: p.span(start), Attr: a, Pat: q}
	}
	q := p.patNoAscribe()
	if p.got(tColon) {
		t := p.typ()
		return &PatAscript{Span: p.span(start), Pat: q, Type: t}
	}
	return q
}

// casePat parses a case pattern; an ascription there cannot contain an
// unparenthesised function type, since -> starts the case body.
func (p *parser) casePat() Pat {
	p.enter()
	defer p.leave()
	start := p.tok().pos
	if p.at(tAttr) {
		a := p.attrAfterHash()
		q := p.casePat()
		return &PatAttr{Span: p.span(start), Attr: a, Pat: q}
	}
	q := p.patNoAscribe()
	if p.got(tColon) {
		t := p.typeNoArrow()
		return &PatAscript{Span: p.span(start), Pat: q, Type: t}
	}
	return q
}

func (p *parser) patNoAscribe() Pat {
	t := p.tok()
	start := t.pos
	switch {
	case t.kind == tConstr:
		p.advance()
		c := &PatConstr{Name: &Ident{Span: Span{t.pos, t.endPos()}, Name: t.text}}
		for p.atPatAtomStart() {
			c.Args = append(c.Args, p.patAtom())
		}
		c.Span = p.span(start)
		return c
	case t.kind == tSymbol && t.text == "-" && (p.peekTok(1).kind == tInt || p.peekTok(1).kind == tFloat):
		p.advance()
		l := p.advance()
		setSpan(l.lit, Span{l.pos, l.endPos()})
		return &PatLit{Span: p.span(start), Neg: true, Lit: l.lit}
	}
	return p.patAtom()
}

func (p *parser) atPatAtomStart() bool {
	switch t := p.tok(); t.kind {
	case tIdent, tUnder, tLParen, tLBrace, tInt, tFloat, tString, tConstr, tAttr:
		return true
	case tKeyword:
		return t.text == "true" || t.text == "false"
	}
	return false
}

func (p *parser) patAtom() Pat {
	p.enter()
	defer p.leave()
	t := p.tok()
	start := t.pos
	switch t.kind {
	case tIdent:
		p.advance()
		return &PatName{Span: Span{t.pos, t.endPos()}, Name: &Ident{Span: Span{t.pos, t.endPos()}, Name: t.text}}
	case tUnder:
		p.advance()
		return &PatWild{Span: Span{t.pos, t.endPos()}}
	case tInt, tFloat, tString:
		p.advance()
		setSpan(t.lit, Span{t.pos, t.endPos()})
		return &PatLit{Span: Span{t.pos, t.endPos()}, Lit: t.lit}
	case tKeyword:
		if t.text == "true" || t.text == "false" {
			p.advance()
			sp := Span{t.pos, t.endPos()}
			return &PatLit{Span: sp, Lit: &BoolLit{Span: sp, Value: t.text == "true"}}
		}
	case tConstr:
		p.advance()
		return &PatConstr{Span: Span{t.pos, t.endPos()}, Name: &Ident{Span: Span{t.pos, t.endPos()}, Name: t.text}}
	case tAttr:
		a := p.attrAfterHash()
		q := p.patAtom()
		return &PatAttr{Span: p.span(start), Attr: a, Pat: q}
	case tLParen:
		p.advance()
		if p.got(tRParen) {
			return &PatTuple{Span: p.span(start)}
		}
		if p.at(tSymbol) && p.peekTok(1).kind == tRParen {
			s := p.advance()
			p.advance()
			return &PatName{Span: p.span(start), Name: &Ident{Span: Span{s.pos, s.endPos()}, Name: s.text}, IsOp: true}
		}
		q := p.pat()
		if p.at(tComma) {
			tup := &PatTuple{Elems: []Pat{q}}
			for p.got(tComma) && !p.at(tRParen) {
				tup.Elems = append(tup.Elems, p.pat())
			}
			p.expect(tRParen, "to close tuple pattern")
			tup.Span = p.span(start)
			return tup
		}
		p.expect(tRParen, "to close pattern")
		return q
	case tLBrace:
		p.advance()
		r := &PatRecord{}
		for !p.at(tRBrace) {
			f := &FieldPat{Name: p.fieldName()}
			switch {
			case p.got(tEquals):
				f.Pat = p.pat()
			case p.got(tColon):
				ty := p.typ()
				name := &PatName{Span: f.Name.Span, Name: f.Name}
				f.Pat = &PatAscript{Span: p.span(f.Name.Start), Pat: name, Type: ty}
			default:
				f.Pat = &PatName{Span: f.Name.Span, Name: f.Name}
			}
			if !isIdentName(f.Name.Name) {
				if _, ok := f.Pat.(*PatName); ok && f.Pat.Pos() == f.Name.Pos() {
					p.errorf(f.Name.Start, "numeric field %s cannot bind a variable; write %s = pat", f.Name.Name, f.Name.Name)
				}
			}
			f.Span = p.span(f.Name.Start)
			r.Fields = append(r.Fields, f)
			if !p.got(tComma) {
				break
			}
		}
		p.expect(tRBrace, "to close record pattern")
		r.Span = p.span(start)
		return r
	}
	p.errorf(t.pos, "expected a pattern, found %s", describe(t))
	return nil
}

// ---- types ----

// typ parses a full type, including function arrows.
func (p *parser) typ() TypeExp {
	p.enter()
	defer p.leave()
	start := p.tok().pos
	if p.at(tLParen) && p.peekTok(1).kind == tIdent && p.peekTok(2).kind == tColon {
		p.advance()
		name := p.ident("")
		p.advance()
		param := p.typ()
		p.expect(tRParen, "after named parameter type")
		p.expect(tArrow, "after named parameter (n: t)")
		res := p.typ()
		return &FuncType{Span: p.span(start), ParamName: name, Param: param, Result: res}
	}
	t := p.typeNoArrow()
	if p.got(tArrow) {
		res := p.typ()
		return &FuncType{Span: p.span(start), Param: t, Result: res}
	}
	return t
}

// typeNoArrow parses a type without a top-level function arrow.
func (p *parser) typeNoArrow() TypeExp {
	p.enter()
	defer p.leave()
	t := p.tok()
	start := t.pos
	switch {
	case t.kind == tSymbol && t.text == "*":
		p.advance()
		e := p.typeNoArrow()
		return &UniqueType{Span: p.span(start), Elem: e}
	case t.kind == tQuestion:
		p.advance()
		x := &ExistType{}
		for p.at(tLBrack) || p.at(tLBrackIx) {
			p.advance()
			x.Sizes = append(x.Sizes, p.ident("in existential size"))
			p.expect(tRBrack, "after existential size")
		}
		if len(x.Sizes) == 0 {
			p.errorf(p.tok().pos, "expected [n] after ? in existential type")
		}
		p.expect(tDot, "after existential sizes")
		x.Elem = p.typ()
		x.Span = p.span(start)
		return x
	case t.kind == tConstr:
		s := &SumType{}
		for {
			c := p.expect(tConstr, "in sum type")
			con := &Constr{Name: &Ident{Span: Span{c.pos, c.endPos()}, Name: c.text}}
			for p.atTypeAtomStart() {
				con.Payload = append(con.Payload, p.typeAtom())
			}
			con.Span = p.span(c.pos)
			s.Constrs = append(s.Constrs, con)
			if !p.atSym("|") {
				break
			}
			p.advance()
		}
		s.Span = p.span(start)
		return s
	}
	return p.typeApp()
}

func (p *parser) atTypeAtomStart() bool {
	switch p.tok().kind {
	case tIdent, tLParen, tLBrace, tLBrack, tLBrackIx:
		return true
	}
	return false
}

// typeApp parses a type atom followed by type arguments if it is a name.
func (p *parser) typeApp() TypeExp {
	start := p.tok().pos
	t := p.typeAtom()
	if _, ok := t.(*TypeName); !ok {
		return t
	}
	for {
		astart := p.tok().pos
		arg := &TypeArg{}
		switch {
		case p.at(tLBrack) || p.at(tLBrackIx):
			p.advance()
			arg.IsSize = true
			if !p.at(tRBrack) {
				arg.Size = p.exp()
			}
			p.expect(tRBrack, "after size argument")
		case p.at(tIdent) || p.at(tLParen) || p.at(tLBrace):
			arg.Type = p.typeAtom()
		default:
			return t
		}
		arg.Span = p.span(astart)
		t = &TypeApply{Span: p.span(start), Fun: t, Arg: arg}
	}
}

func (p *parser) typeAtom() TypeExp {
	p.enter()
	defer p.leave()
	t := p.tok()
	start := t.pos
	switch t.kind {
	case tIdent:
		q := p.qualName()
		return &TypeName{Span: q.Span, Name: q}
	case tLParen:
		p.advance()
		if p.got(tRParen) {
			return &TupleType{Span: p.span(start)}
		}
		x := p.typ()
		if p.at(tComma) {
			tup := &TupleType{Elems: []TypeExp{x}}
			for p.got(tComma) && !p.at(tRParen) {
				tup.Elems = append(tup.Elems, p.typ())
			}
			p.expect(tRParen, "to close tuple type")
			tup.Span = p.span(start)
			return tup
		}
		p.expect(tRParen, "to close type")
		return x
	case tLBrace:
		p.advance()
		r := &RecordType{}
		for !p.at(tRBrace) {
			f := &FieldType{Name: p.fieldName()}
			p.expect(tColon, "after record field name")
			f.Type = p.typ()
			f.Span = p.span(f.Name.Start)
			r.Fields = append(r.Fields, f)
			if !p.got(tComma) {
				break
			}
		}
		p.expect(tRBrace, "to close record type")
		r.Span = p.span(start)
		return r
	case tLBrack, tLBrackIx:
		p.advance()
		a := &ArrayType{}
		if !p.at(tRBrack) {
			a.Size = p.exp()
		}
		p.expect(tRBrack, "after array size")
		a.Elem = p.typeElem()
		a.Span = p.span(start)
		return a
	}
	p.errorf(t.pos, "expected a type, found %s", describe(t))
	return nil
}

// typeElem parses an array element type: a type application, or a sum
// type (rare but valid).
func (p *parser) typeElem() TypeExp {
	if p.at(tConstr) {
		return p.typeNoArrow()
	}
	return p.typeApp()
}
