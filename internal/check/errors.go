package check

import (
	"fmt"
	"strings"

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
// the column.
func (e *Error) Excerpt() string {
	if e.Line == "" || e.Pos.Col < 1 {
		return e.Error()
	}
	var b strings.Builder
	b.WriteString(e.Error())
	b.WriteString("\n  ")
	b.WriteString(strings.ReplaceAll(e.Line, "\t", " "))
	b.WriteString("\n  ")
	col := e.Pos.Col - 1
	if col > len(e.Line) {
		col = len(e.Line)
	}
	b.WriteString(strings.Repeat(" ", col))
	b.WriteString("^")
	return b.String()
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

func (c *checker) sourceLine(pos syntax.Pos) string {
	src, ok := c.sources[pos.File]
	if !ok || pos.Line < 1 {
		return ""
	}
	line := 1
	start := 0
	for i := 0; i < len(src) && line < pos.Line; i++ {
		if src[i] == '\n' {
			line++
			start = i + 1
		}
	}
	if line != pos.Line {
		return ""
	}
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
