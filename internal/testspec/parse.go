package testspec

import (
	"fmt"
	"os"
	"regexp"
	"strconv"
	"strings"

	"github.com/fluxion-lang/fluxion/internal/dataset"
	"github.com/fluxion-lang/fluxion/internal/prim"
)

// ParseFile reads the program at path and parses its test blocks.
func ParseFile(path string) (*Spec, error) {
	src, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	return Parse(path, src)
}

// Parse finds and parses the test blocks of the program source src; path
// is used in positions. A source without blocks gives a Spec with Blocks 0.
func Parse(path string, src []byte) (*Spec, error) {
	spec := &Spec{Path: path}
	for i, b := range findBlocks(path, src) {
		p := &parser{scanner: scanner{file: path, lines: b.body}, spec: spec, block: i}
		if i == 0 {
			spec.Description = b.description
		}
		if err := p.parseBlock(); err != nil {
			return nil, err
		}
		spec.Blocks++
	}
	return spec, nil
}

type parser struct {
	scanner
	spec  *Spec
	block int
}

func (p *parser) errorf(pos Pos, format string, args ...any) error {
	return &Error{pos, fmt.Sprintf(format, args...)}
}

func describe(t token) string {
	switch t.kind {
	case tEOF:
		return "end of block"
	case tString:
		return "string " + t.text
	}
	return "`" + t.text + "`"
}

var tagRx = regexp.MustCompile(`^[A-Za-z0-9_-]+$`)

func isTag(s string) bool { return tagRx.MatchString(s) }

func (p *parser) parseBlock() error {
	t := p.peek()
	if t.kind == tWord && t.text == "tags" {
		p.advance(t)
		tags, err := p.tagList("program tag")
		if err != nil {
			return err
		}
		p.spec.Tags = append(p.spec.Tags, tags...)
		t = p.peek()
	}
	if t.kind == tWord && strings.HasPrefix(t.text, "error:") {
		if p.block != 0 {
			return p.errorf(t.pos, "a compile-error expectation (`error:` right after `==`) is only allowed in the first test block")
		}
		e, err := p.expectedError(t)
		if err != nil {
			return err
		}
		if t := p.peek(); t.kind != tEOF {
			return p.errorf(t.pos, "unexpected %s: a block expecting a compile error may contain nothing else", describe(t))
		}
		p.spec.CompileError = e
		return nil
	}
	entries := []string{"main"}
	index := 0
	for {
		t := p.peek()
		switch {
		case t.kind == tEOF:
			return nil
		case t.kind == tWord && strings.HasPrefix(t.text, "entry:"):
			names, err := p.entryNames(t)
			if err != nil {
				return err
			}
			entries, index = names, 0
		case t.kind == tWord && t.text == "structure":
			p.advance(t)
			if err := p.skipStructure(); err != nil {
				return err
			}
		case t.kind == tWord && strings.HasPrefix(t.text, "warning:"):
			w, err := p.expectedWarning(t)
			if err != nil {
				return err
			}
			p.spec.Warnings = append(p.spec.Warnings, w)
		default:
			c, err := p.parseCase()
			if err != nil {
				return err
			}
			c.Entries, c.Block, c.Index = entries, p.block, index
			index++
			p.spec.Cases = append(p.spec.Cases, c)
		}
	}
}

var entryNameRx = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_']*$`)

// entryNames reads the names after the "entry:" starting token t, up to
// the end of its line.
func (p *parser) entryNames(t token) ([]string, error) {
	start := t.end.off - len(t.text) + len("entry:")
	line := p.lines[t.end.li]
	p.restOfLine(mark{t.end.li, start})
	var names []string
	for _, f := range fieldsWithOffsets(line.text[start:]) {
		if !entryNameRx.MatchString(f.text) {
			pos := Pos{p.file, line.num, line.col + start + f.off}
			return nil, p.errorf(pos, "expected an entry point name, found `%s` (names are separated by spaces)", f.text)
		}
		names = append(names, f.text)
	}
	if len(names) == 0 {
		return nil, p.errorf(t.pos, "expected entry point names after `entry:` on the same line")
	}
	return names, nil
}

// tagList parses "{" tag* "}" after the keyword that introduces it.
func (p *parser) tagList(what string) ([]string, error) {
	t := p.next()
	if t.kind != tLBrace {
		return nil, p.errorf(t.pos, "expected `{`, found %s", describe(t))
	}
	var tags []string
	for {
		t := p.next()
		switch {
		case t.kind == tRBrace:
			return tags, nil
		case t.kind == tWord && isTag(t.text):
			tags = append(tags, t.text)
		default:
			return nil, p.errorf(t.pos, "expected a %s or `}`, found %s", what, describe(t))
		}
	}
}

func (p *parser) parseCase() (*Case, error) {
	first := p.peek()
	c := &Case{Pos: first.pos}
	if first.kind == tString {
		p.advance(first)
		name, err := unquote(first.text)
		if err != nil {
			return nil, p.errorf(first.pos, "malformed dataset name %s: %v", first.text, err)
		}
		c.Name = name
	}
	for {
		t := p.next()
		if t.kind != tWord {
			return nil, p.errorf(t.pos, "expected a run tag or `input`, found %s", describe(t))
		}
		if t.text == "input" {
			c.Input.Pos = t.pos
			break
		}
		if reservedWord(t.text) {
			return nil, p.errorf(t.pos, "expected a run tag or `input`, found %s", describe(t))
		}
		if !isTag(t.text) {
			return nil, p.errorf(t.pos, "expected a run tag or `input`, found %s (free text belongs before the `==` line)", describe(t))
		}
		c.Tags = append(c.Tags, t.text)
	}
	if c.HasTag("random") && c.HasTag("script") {
		return nil, p.errorf(c.Input.Pos, "a case cannot have both `random` and `script` input")
	}
	if err := p.parseInput(c); err != nil {
		return nil, err
	}
	if err := p.parseExpected(c); err != nil {
		return nil, err
	}
	return c, nil
}

// reservedWord reports whether w is a keyword that cannot be a run tag.
func reservedWord(w string) bool {
	switch w {
	case "input", "output", "auto", "structure", "tags":
		return true
	}
	return strings.HasSuffix(w, ":")
}

func (p *parser) parseInput(c *Case) error {
	t := p.next()
	switch t.kind {
	case tAt:
		if c.HasTag("random") {
			return p.errorf(t.pos, "expected `{` after `random input`, found `@`")
		}
		path := p.word()
		if path.kind == tEOF {
			return p.errorf(path.pos, "expected a file name after `input @`")
		}
		c.Input.Kind, c.Input.Path = InputFile, path.text
		if c.HasTag("script") {
			c.Input.Kind = InputScriptFile
		}
		return nil
	case tLBrace:
		if c.HasTag("script") {
			text, first, ok := p.rawUntilMatchingBrace()
			if !ok {
				return p.errorf(t.pos, "missing `}` closing this `{`")
			}
			c.Input.Kind, c.Input.Text = InputScript, text
			e, err := ParseScript(text, first)
			c.Input.Script = e
			return err
		}
		text, first, ok := p.rawUntilBrace()
		if !ok {
			return p.errorf(t.pos, "missing `}` closing this `{`")
		}
		c.Input.Text = text
		if c.HasTag("random") {
			c.Input.Kind = InputRandom
			gens, err := parseGenerators(text, first)
			c.Input.Gens = gens
			return err
		}
		c.Input.Kind = InputValues
		vs, err := parseValues(text, first)
		c.Input.Values = vs
		return err
	}
	return p.errorf(t.pos, "expected `{` or `@` after `input`, found %s", describe(t))
}

func (p *parser) parseExpected(c *Case) error {
	t := p.peek()
	if t.kind != tWord {
		return nil
	}
	e := &c.Expect
	e.Pos = t.pos
	switch {
	case t.text == "output":
		p.advance(t)
		t := p.next()
		switch t.kind {
		case tAt:
			path := p.word()
			if path.kind == tEOF {
				return p.errorf(path.pos, "expected a file name after `output @`")
			}
			e.Kind, e.Path = ExpectFile, path.text
			return nil
		case tLBrace:
			text, first, ok := p.rawUntilBrace()
			if !ok {
				return p.errorf(t.pos, "missing `}` closing this `{`")
			}
			e.Kind, e.Text = ExpectValues, text
			vs, err := parseValues(text, first)
			e.Values = vs
			return err
		}
		return p.errorf(t.pos, "expected `{` or `@` after `output`, found %s", describe(t))
	case t.text == "script" && p.peekSecond().text == "output":
		// (script input starts the next case.)
		p.advance(t)
		p.next()
		if t := p.next(); t.kind != tLBrace {
			return p.errorf(t.pos, "expected `{` after `script output`, found %s", describe(t))
		}
		text, first, ok := p.rawUntilMatchingBrace()
		if !ok {
			return p.errorf(t.pos, "missing `}` closing this `{`")
		}
		sc, err := ParseScript(text, first)
		e.Kind, e.Text, e.Script = ExpectScript, text, sc
		return err
	case t.text == "auto":
		p.advance(t)
		if t := p.next(); t.kind != tWord || t.text != "output" {
			return p.errorf(t.pos, "expected `output` after `auto`, found %s", describe(t))
		}
		e.Kind = ExpectAuto
		return nil
	case strings.HasPrefix(t.text, "error:"):
		ee, err := p.expectedError(t)
		if err != nil {
			return err
		}
		e.Kind, e.Error = ExpectError, ee
		return nil
	}
	return nil
}

// expectedError reads the regex after the "error:" starting token t, up to
// the end of its line. POSIX-extended "." matches newlines, hence (?s).
func (p *parser) expectedError(t token) (*ExpectedError, error) {
	pat := p.restOfLine(mark{t.end.li, t.end.off - len(t.text) + len("error:")})
	e := &ExpectedError{Pattern: pat}
	if pat == "" {
		return e, nil
	}
	rx, err := regexp.Compile("(?s)" + pat)
	if err != nil {
		return nil, p.errorf(t.pos, "invalid regular expression after `error:`: %v", err)
	}
	e.Regexp = rx
	return e, nil
}

// expectedWarning reads the regex after the "warning:" starting token t,
// up to the end of its line.
func (p *parser) expectedWarning(t token) (*ExpectedWarning, error) {
	pat := p.restOfLine(mark{t.end.li, t.end.off - len(t.text) + len("warning:")})
	rx, err := regexp.Compile("(?s)" + pat)
	if err != nil {
		return nil, p.errorf(t.pos, "invalid regular expression after `warning:`: %v", err)
	}
	return &ExpectedWarning{Pos: t.pos, Pattern: pat, Regexp: rx}, nil
}

// skipStructure skips "[pipeline] { (name natural)* }" after "structure".
func (p *parser) skipStructure() error {
	for {
		t := p.next()
		switch t.kind {
		case tWord:
			continue
		case tLBrace:
		default:
			return p.errorf(t.pos, "expected `{` after `structure`, found %s", describe(t))
		}
		break
	}
	for {
		t := p.next()
		switch t.kind {
		case tRBrace:
			return nil
		case tWord:
			n := p.next()
			if n.kind != tWord {
				return p.errorf(n.pos, "expected a count after `%s` in structure, found %s", t.text, describe(n))
			}
			if _, err := strconv.ParseUint(n.text, 10, 64); err != nil {
				return p.errorf(n.pos, "expected a count after `%s` in structure, found %s", t.text, describe(n))
			}
		default:
			return p.errorf(t.pos, "expected a name or `}` in structure, found %s", describe(t))
		}
	}
}

// unquote decodes a string literal (the usual backslash escapes).
func unquote(lit string) (string, error) {
	if len(lit) < 2 || lit[len(lit)-1] != '"' {
		return "", fmt.Errorf("missing closing quote")
	}
	return strconv.Unquote(lit)
}

// parseGenerators parses the items of random input { ... }; text is laid
// out as rawUntilBrace returns it, with line 1 at first.
func parseGenerators(text string, first Pos) ([]Generator, error) {
	var gens []Generator
	for k, line := range strings.Split(text, "\n") {
		for _, f := range fieldsWithOffsets(line) {
			pos := Pos{first.File, first.Line + k, f.off + 1}
			g, err := parseGenerator(f.text, pos)
			if err != nil {
				return nil, err
			}
			gens = append(gens, g)
		}
	}
	return gens, nil
}

type field struct {
	text string
	off  int
}

func fieldsWithOffsets(s string) []field {
	var fs []field
	for i := 0; i < len(s); {
		if isSpace(s[i]) {
			i++
			continue
		}
		j := i
		for j < len(s) && !isSpace(s[j]) {
			j++
		}
		fs = append(fs, field{s[i:j], i})
		i = j
	}
	return fs
}

func parseGenerator(w string, pos Pos) (Generator, error) {
	g := Generator{Text: w}
	if strings.HasPrefix(w, "[") || isPrimName(w) {
		t, err := dataset.ParseType(w)
		if err != nil {
			return g, &Error{pos, fmt.Sprintf("generator %s", err)}
		}
		g.Dims, g.Type = t.Dims, t.Elem
		return g, nil
	}
	v, err := parseConstant(w, pos)
	if err != nil {
		return g, err
	}
	g.Const = v
	return g, nil
}

func isPrimName(w string) bool {
	_, ok := prim.Parse(w)
	return ok
}
