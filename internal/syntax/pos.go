package syntax

import "fmt"

// Pos is a source position: file name, 1-based line and 1-based column
// (columns count bytes). The zero Pos is "unknown".
type Pos struct {
	File string
	Line int
	Col  int
}

// IsValid reports whether p refers to an actual place in a source.
func (p Pos) IsValid() bool { return p.Line > 0 }

// String formats p as file:line:col, omitting unknown parts.
func (p Pos) String() string {
	switch {
	case !p.IsValid() && p.File == "":
		return "-"
	case !p.IsValid():
		return p.File
	case p.File == "":
		return fmt.Sprintf("%d:%d", p.Line, p.Col)
	}
	return fmt.Sprintf("%s:%d:%d", p.File, p.Line, p.Col)
}

// Before reports whether p comes strictly before q in the same file.
func (p Pos) Before(q Pos) bool {
	return p.Line < q.Line || p.Line == q.Line && p.Col < q.Col
}

// Span is the source extent of a node: Start is the first byte, Stop the
// position just after the last byte. Nodes embed it to get Pos and End.
type Span struct {
	Start Pos
	Stop  Pos
}

// Pos returns where the node starts.
func (s Span) Pos() Pos { return s.Start }

// End returns the position just after the node.
func (s Span) End() Pos { return s.Stop }

// Node is implemented by every syntax tree node.
type Node interface {
	Pos() Pos
	End() Pos
}

// Error is a syntax error at a position.
type Error struct {
	Pos Pos
	Msg string
}

func (e *Error) Error() string { return e.Pos.String() + ": " + e.Msg }

// ErrorList is a list of syntax errors in source order. A non-empty list is
// returned as the error of the parse functions.
type ErrorList []*Error

func (l ErrorList) Error() string {
	switch len(l) {
	case 0:
		return "no errors"
	case 1:
		return l[0].Error()
	}
	s := ""
	for i, e := range l {
		if i > 0 {
			s += "\n"
		}
		s += e.Error()
	}
	return s
}

// Err returns l as an error, or nil if l is empty.
func (l ErrorList) Err() error {
	if len(l) == 0 {
		return nil
	}
	return l
}
