package check

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/fluxion-lang/fluxion/internal/syntax"
)

// Error is a type or module error at a source position. Line is the text
// of the offending source line, when known, for Excerpt.
type Error struct {
	Pos  syntax.Pos
	Msg  string
	Line string
}

func (e *Error) Error() string { return e.Pos.String() + ": " + e.Msg }

// Excerpt renders the error followed by its source line and a caret under
// the column. A line longer than maxExcerpt bytes is cut to a window of
// that width around the column, with "..." where text is left out.
func (e *Error) Excerpt() string {
	if e.Line == "" || e.Pos.Col < 1 {
		return e.Error()
	}
	line, col := excerptWindow(e.Line, min(e.Pos.Col-1, len(e.Line)))
	var b strings.Builder
	b.WriteString(e.Error())
	b.WriteString("\n  ")
	b.WriteString(strings.ReplaceAll(line, "\t", " "))
	b.WriteString("\n  ")
	b.WriteString(strings.Repeat(" ", utf8.RuneCountInString(line[:col]))) // one column per character
	b.WriteString("^")
	return b.String()
}

// maxExcerpt is the widest source text an excerpt shows.
const maxExcerpt = 120

// excerptWindow returns the part of line to show for a caret at byte
// offset col, and the caret's offset in it.
func excerptWindow(line string, col int) (string, int) {
	if len(line) <= maxExcerpt {
		return line, col
	}
	start := max(0, col-maxExcerpt/2)
	end := min(len(line), start+maxExcerpt)
	start = max(0, end-maxExcerpt)
	// Widen the window to whole characters (at most a character's bytes
	// each way, so that invalid UTF-8 cannot move it further): it still
	// holds the caret.
	for k := 1; k < utf8.UTFMax && start > 0 && !utf8.RuneStart(line[start]); k++ {
		start--
	}
	for k := 1; k < utf8.UTFMax && end < len(line) && !utf8.RuneStart(line[end]); k++ {
		end++
	}
	text, caret := line[start:end], col-start
	if start > 0 {
		text, caret = "..."+text, caret+3
	}
	if end < len(line) {
		text += "..."
	}
	return text, caret
}

// ErrorList is every error of a run, in the order found. It is returned as
// the error of CheckFile and CheckSource when non-empty.
type ErrorList []*Error

func (l ErrorList) Error() string {
	var b strings.Builder
	for i, e := range l {
		if i > 0 {
			b.WriteByte('\n')
		}
		b.WriteString(e.Error())
	}
	return b.String()
}

// FormatError renders err for a person: each checker error with its source
// excerpt; other errors (syntax errors included) as they print.
func FormatError(err error) string {
	switch err := err.(type) {
	case ErrorList:
		parts := make([]string, len(err))
		for i, e := range err {
			parts[i] = e.Excerpt()
		}
		return strings.Join(parts, "\n")
	case *Error:
		return err.Excerpt()
	}
	return err.Error()
}

// Warning is a remark on a program that is valid all the same.
type Warning struct {
	Pos syntax.Pos
	Msg string
}

// String is "file:line:col: warning: message".
func (w Warning) String() string { return w.Pos.String() + ": warning: " + w.Msg }

// failure is raised (as a panic) to abandon the current declaration; it is
// recovered at declaration level and recorded.
type failure struct{ err *Error }

func (c *checker) fail(pos syntax.Pos, format string, args ...any) {
	panic(failure{c.newError(pos, fmt.Sprintf(format, args...))})
}

func (c *checker) newError(pos syntax.Pos, msg string) *Error {
	return &Error{Pos: pos, Msg: msg, Line: c.sourceLine(pos)}
}

// sourceLine returns the text of pos's line, found through an index of
// line starts built once per file (errors and assertions ask for lines,
// and scanning from the start each time is quadratic in a long file).
func (c *checker) sourceLine(pos syntax.Pos) string {
	src, ok := c.sources[pos.File]
	if !ok || pos.Line < 1 {
		return ""
	}
	starts, ok := c.lineStarts[pos.File]
	if !ok {
		starts = []int{0}
		for i, ch := range src {
			if ch == '\n' {
				starts = append(starts, i+1)
			}
		}
		if c.lineStarts == nil {
			c.lineStarts = map[string][]int{}
		}
		c.lineStarts[pos.File] = starts
	}
	if pos.Line > len(starts) {
		return ""
	}
	start := starts[pos.Line-1]
	end := start
	for end < len(src) && src[end] != '\n' && src[end] != '\r' {
		end++
	}
	return string(src[start:end])
}

// sourceText returns the text between two positions on one line, or "".
func (c *checker) sourceText(from, to syntax.Pos) string {
	if from.Line != to.Line || from.File != to.File {
		return ""
	}
	line := c.sourceLine(from)
	if from.Col < 1 || to.Col-1 > len(line) || from.Col > to.Col {
		return ""
	}
	return line[from.Col-1 : to.Col-1]
}

// guard runs f, turning a failure (or any unexpected panic) into a
// recorded error at pos, so one bad declaration does not stop the run.
func (c *checker) guard(pos syntax.Pos, f func()) (ok bool) {
	defer func() {
		if r := recover(); r != nil {
			ok = false
			switch r := r.(type) {
			case failure:
				if r.err != nil {
					c.errs = append(c.errs, r.err)
				}
			case fatalFailure:
				panic(r)
			case typeTooLarge:
				c.errs = append(c.errs, c.newError(pos, "a type in this declaration is too large to check"))
			default:
				c.errs = append(c.errs, c.newError(pos, fmt.Sprintf("internal checker error: %v", r)))
			}
		}
	}()
	f()
	return true
}

// fatalFailure aborts the whole run (too many errors).
type fatalFailure struct{}

// failUnknown reports an unknown name, unless an earlier failure in scope
// probably caused it.
func (c *checker) failUnknown(sc *scope, pos syntax.Pos, format string, args ...any) {
	if sc.isIncomplete() {
		panic(failure{})
	}
	c.fail(pos, format, args...)
}
