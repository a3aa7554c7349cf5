// Package srcfmt formats program source (`fluxion fmt`). It changes only
// layout: every token and every comment stays, in order, and the program
// parses to the same syntax tree before and after (Source checks this and
// refuses otherwise). The rules:
//
//   - trailing whitespace goes; a file ends with one newline; runs of blank
//     lines become one, and none start or end the file;
//   - between two tokens on a line, any run of spaces becomes one space,
//     and tokens that touch stay touching (adjacency matters to the
//     language: a[i] indexes, a [i] applies a to a list), except that a
//     comma is followed by a space unless a closing bracket follows;
//   - a comment at the end of a line is one space after the code, and the
//     trailing comments of consecutive lines line up (one space after the
//     longest code among them);
//   - a line starting at column 1 starts a top-level item and stays there;
//     the other lines of the item keep their layout relative to each other,
//     but indentation in units of more than 2 columns becomes units of 2,
//     and the least indented line is indented by 2 (tabs count as moving
//     to the next multiple of 8).
//
// Formatting is idempotent: formatted source formats to itself.
package srcfmt

import (
	"bytes"
	"errors"
	"fmt"
	"strings"

	"github.com/fluxion-lang/fluxion/internal/syntax"
)

// line is one source line taken apart.
type line struct {
	indent  int      // width of the leading whitespace (tabs to multiples of 8)
	tokens  []string // the tokens on the line, in order
	spaced  []bool   // spaced[i]: whitespace separated tokens[i-1] and tokens[i]
	comment string   // a trailing or whole-line comment, "" if none
	blank   bool
}

// Source formats the program src (file names it in errors). Source that
// does not lex or parse is an error: formatting needs the syntax tree to
// check itself.
func Source(file string, src []byte) ([]byte, error) {
	before, err := syntax.ParseFile(file, src, 0)
	if err != nil {
		return nil, err
	}
	lines, err := split(file, src)
	if err != nil {
		return nil, err
	}
	out := render(lines)
	after, err := syntax.ParseFile(file, out, 0)
	if err != nil {
		return nil, fmt.Errorf("internal error: the formatted program does not parse: %v", err)
	}
	if syntax.Format(before) != syntax.Format(after) {
		return nil, errors.New("internal error: formatting would change the program's syntax tree; the file is left as it is")
	}
	if a, b := comments(lines), comments(mustSplit(file, out)); strings.Join(a, "\n") != strings.Join(b, "\n") {
		return nil, errors.New("internal error: formatting would change the comments; the file is left as it is")
	}
	return out, nil
}

func mustSplit(file string, src []byte) []line {
	ls, _ := split(file, src)
	return ls
}

func comments(ls []line) []string {
	var cs []string
	for _, l := range ls {
		if l.comment != "" {
			cs = append(cs, l.comment)
		}
	}
	return cs
}

// split takes src apart into lines of tokens and comments.
func split(file string, src []byte) ([]line, error) {
	ranges, err := syntax.TokenRanges(file, src)
	if err != nil {
		return nil, err
	}
	var lines []line
	k := 0 // next token range
	for start := 0; start <= len(src); {
		end := bytes.IndexByte(src[start:], '\n')
		if end < 0 {
			end = len(src)
		} else {
			end += start
		}
		if start == len(src) {
			break
		}
		l := line{}
		pos := start
		for pos < end && (src[pos] == ' ' || src[pos] == '\t') {
			if src[pos] == '\t' {
				l.indent = (l.indent/8 + 1) * 8
			} else {
				l.indent++
			}
			pos++
		}
		for k < len(ranges) && ranges[k].Start < end {
			r := ranges[k]
			if r.End > end {
				return nil, fmt.Errorf("%s: a token spans lines", file)
			}
			gap := src[pos:r.Start]
			l.spaced = append(l.spaced, len(l.tokens) > 0 && len(bytes.TrimSpace(gap)) == 0 && len(gap) > 0)
			if len(bytes.TrimSpace(gap)) != 0 {
				return nil, fmt.Errorf("%s: unexpected text %q between tokens", file, gap)
			}
			l.tokens = append(l.tokens, string(src[r.Start:r.End]))
			pos = r.End
			k++
		}
		rest := strings.TrimRight(string(src[pos:end]), " \t\r\f\v")
		rest = strings.TrimLeft(rest, " \t\r\f\v")
		switch {
		case rest == "":
		case strings.HasPrefix(rest, "--"):
			l.comment = rest
		default:
			return nil, fmt.Errorf("%s: unexpected text %q after the tokens of a line", file, rest)
		}
		l.blank = len(l.tokens) == 0 && l.comment == ""
		lines = append(lines, l)
		start = end + 1
	}
	return lines, nil
}

// reindent computes the indentation of the lines of one top-level item
// (the first line is at column 1). The continuation lines keep their
// relative layout: if their indentations are all multiples of a unit
// larger than 2, the unit becomes 2; then all are shifted so that the
// smallest is 2. Lines at column 1 (comments) stay there.
func reindent(item []line) []int {
	out := make([]int, len(item))
	g, lo := 0, 0
	for _, l := range item {
		if l.blank || l.indent == 0 {
			continue
		}
		g = gcd(g, l.indent)
		if lo == 0 || l.indent < lo {
			lo = l.indent
		}
	}
	if g == 0 {
		return out
	}
	scale := func(w int) int { return w }
	if g > 2 {
		scale = func(w int) int { return w / g * 2 }
	}
	shift := 2 - scale(lo)
	for k, l := range item {
		if !l.blank && l.indent > 0 {
			out[k] = scale(l.indent) + shift
		}
	}
	return out
}

func gcd(a, b int) int {
	for b != 0 {
		a, b = b, a%b
	}
	return a
}

// render lays the lines out by the rules of the package comment.
func render(lines []line) []byte {
	indents := make([]int, len(lines))
	// Items: a line with code at column 1 starts one; the indentation of
	// the item's other lines is renumbered by rank.
	for i := 0; i < len(lines); {
		j := i + 1
		for j < len(lines) && !(len(lines[j].tokens) > 0 && lines[j].indent == 0) {
			j++
		}
		for k, w := range reindent(lines[i:j]) {
			indents[i+k] = w
		}
		i = j
	}
	// The code of each line, then the comments: trailing comments of
	// consecutive lines line up one space after the longest code.
	code := make([]string, len(lines))
	for i, l := range lines {
		var b strings.Builder
		b.WriteString(strings.Repeat(" ", indents[i]))
		for k, tok := range l.tokens {
			if k > 0 && (l.spaced[k] || l.tokens[k-1] == "," && !closing(tok)) {
				b.WriteByte(' ')
			}
			b.WriteString(tok)
		}
		code[i] = b.String()
	}
	commentCol := make([]int, len(lines))
	for i := 0; i < len(lines); {
		if len(lines[i].tokens) == 0 || lines[i].comment == "" {
			i++
			continue
		}
		j, width := i, 0
		for j < len(lines) && len(lines[j].tokens) > 0 && lines[j].comment != "" {
			width = max(width, len(code[j]))
			j++
		}
		for k := i; k < j; k++ {
			commentCol[k] = width + 1
		}
		i = j
	}
	var b bytes.Buffer
	pendingBlank := false
	for i, l := range lines {
		if l.blank {
			pendingBlank = b.Len() > 0
			continue
		}
		if pendingBlank {
			b.WriteByte('\n')
			pendingBlank = false
		}
		b.WriteString(code[i])
		if l.comment != "" {
			if len(l.tokens) > 0 {
				b.WriteString(strings.Repeat(" ", commentCol[i]-len(code[i])))
			}
			b.WriteString(l.comment)
		}
		b.WriteByte('\n')
	}
	return b.Bytes()
}

// closing reports whether tok closes a bracket (no space after a trailing
// comma before it).
func closing(tok string) bool { return tok == ")" || tok == "]" || tok == "}" }
