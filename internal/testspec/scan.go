package testspec

import (
	"strings"
)

type tokenKind uint8

const (
	tEOF tokenKind = iota
	tWord
	tString
	tLBrace
	tRBrace
	tAt
)

type token struct {
	kind tokenKind
	text string
	pos  Pos
	end  mark // just after the token
}

// mark is a position in a block body: line index and byte offset.
type mark struct{ li, off int }

// scanner tokenizes a block body. Tokens may span lines; a few clauses
// ("entry:", "error:", "warning:") instead read to the end of their line.
type scanner struct {
	file  string
	lines []blockLine
	at    mark
}

func (s *scanner) pos(m mark) Pos {
	if m.li >= len(s.lines) {
		if len(s.lines) == 0 {
			return Pos{s.file, 1, 1}
		}
		last := s.lines[len(s.lines)-1]
		return Pos{s.file, last.num, last.col + len(last.text)}
	}
	l := s.lines[m.li]
	return Pos{s.file, l.num, l.col + m.off}
}

func isSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f' }

// skipSpace moves past whitespace, including line breaks.
func (s *scanner) skipSpace() {
	for s.at.li < len(s.lines) {
		t := s.lines[s.at.li].text
		for s.at.off < len(t) && isSpace(t[s.at.off]) {
			s.at.off++
		}
		if s.at.off < len(t) {
			return
		}
		s.at = mark{s.at.li + 1, 0}
	}
}

// peek returns the next token without consuming it.
func (s *scanner) peek() token {
	saved := s.at
	t := s.next()
	s.at = saved
	return t
}

// peekSecond returns the token after the next one without consuming
// either.
func (s *scanner) peekSecond() token {
	saved := s.at
	s.next()
	t := s.next()
	s.at = saved
	return t
}

// advance consumes t, which must have come from peek at the current mark.
func (s *scanner) advance(t token) { s.at = t.end }

// next consumes and returns the next token. A string token that is not
// closed on its line has kind tString and text starting with the quote but
// not ending with one; the parser reports it.
func (s *scanner) next() token {
	s.skipSpace()
	start := s.at
	if s.at.li >= len(s.lines) {
		return token{kind: tEOF, pos: s.pos(start), end: start}
	}
	t := s.lines[s.at.li].text
	i := s.at.off
	tok := token{pos: s.pos(start)}
	switch t[i] {
	case '{':
		tok.kind, tok.text = tLBrace, "{"
		i++
	case '}':
		tok.kind, tok.text = tRBrace, "}"
		i++
	case '@':
		tok.kind, tok.text = tAt, "@"
		i++
	case '"':
		j := stringEnd(t, i)
		tok.kind, tok.text = tString, t[i:j]
		i = j
	default:
		j := i
		for j < len(t) && !isSpace(t[j]) && t[j] != '{' && t[j] != '}' && t[j] != '"' {
			j++
		}
		tok.kind, tok.text = tWord, t[i:j]
		i = j
	}
	s.at.off = i
	tok.end = s.at
	return tok
}

// stringEnd returns the offset just past the string literal starting at
// t[i] == '"', or len(t) if it is not closed on this line.
func stringEnd(t string, i int) int {
	for j := i + 1; j < len(t); j++ {
		switch t[j] {
		case '\\':
			j++
		case '"':
			return j + 1
		}
	}
	return len(t)
}

// restOfLine returns the rest of the current line after the mark m,
// trimmed, and moves to the start of the next line.
func (s *scanner) restOfLine(m mark) string {
	if m.li >= len(s.lines) {
		s.at = m
		return ""
	}
	t := s.lines[m.li].text
	s.at = mark{m.li + 1, 0}
	return strings.TrimSpace(t[m.off:])
}

// word reads the next whitespace-delimited word on any line, without
// treating braces or quotes specially (for paths after "@").
func (s *scanner) word() token {
	s.skipSpace()
	start := s.at
	if s.at.li >= len(s.lines) {
		return token{kind: tEOF, pos: s.pos(start), end: start}
	}
	t := s.lines[s.at.li].text
	j := s.at.off
	for j < len(t) && !isSpace(t[j]) {
		j++
	}
	s.at.off = j
	return token{kind: tWord, text: t[start.off:j], pos: s.pos(start), end: s.at}
}

// rawUntilBrace returns the text from the mark to the next "}" outside a
// string literal and consumes the brace. The text keeps line breaks, and
// every line is padded on the left so that its columns match the file:
// line k of the text is file line first.Line+k, at the same column.
// ok is false if there is no closing brace.
func (s *scanner) rawUntilBrace() (text string, first Pos, ok bool) {
	return s.rawUntilClose(false)
}

// rawUntilMatchingBrace is rawUntilBrace for text that may contain braces
// in pairs (script expressions with records): it stops at the "}" that
// closes the one already consumed.
func (s *scanner) rawUntilMatchingBrace() (text string, first Pos, ok bool) {
	return s.rawUntilClose(true)
}

func (s *scanner) rawUntilClose(nested bool) (text string, first Pos, ok bool) {
	first = s.pos(s.at)
	depth := 0
	var b strings.Builder
	for li, off := s.at.li, s.at.off; li < len(s.lines); li, off = li+1, 0 {
		l := s.lines[li]
		if li > s.at.li {
			b.WriteByte('\n')
			b.WriteString(strings.Repeat(" ", l.col-1))
		} else {
			b.WriteString(strings.Repeat(" ", l.col-1+off))
		}
		t := l.text
		for j := off; j < len(t); j++ {
			switch t[j] {
			case '"':
				j = stringEnd(t, j) - 1
			case '{':
				if nested {
					depth++
				}
			case '}':
				if depth > 0 {
					depth--
					continue
				}
				b.WriteString(t[off:j])
				s.at = mark{li, j + 1}
				return b.String(), Pos{first.File, first.Line, 1}, true
			}
		}
		b.WriteString(t[off:])
	}
	s.at = mark{len(s.lines), 0}
	return "", first, false
}
