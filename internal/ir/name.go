package ir

import (
	"fmt"
	"strconv"
)

// VName is a unique name: a readable base plus an integer tag. Two VNames
// are the same name exactly when both parts are equal; passes compare and
// hash them as values.
type VName struct {
	Base string
	Tag  int
}

func (v VName) String() string { return v.Base + "_" + strconv.Itoa(v.Tag) }

// IsZero reports whether v is the zero VName (no name).
func (v VName) IsZero() bool { return v.Base == "" && v.Tag == 0 }

// NameSource hands out fresh tags. One source serves a whole program so
// that names made by different passes never collide.
type NameSource struct {
	next int
}

// NewNameSource returns a source whose first tag is start (at least 1).
func NewNameSource(start int) *NameSource {
	if start < 1 {
		start = 1
	}
	return &NameSource{next: start}
}

// New returns a name with the given base and a tag never handed out before.
func (s *NameSource) New(base string) VName {
	if s.next < 1 {
		s.next = 1
	}
	if base == "" {
		base = "x"
	}
	v := VName{Base: base, Tag: s.next}
	s.next++
	return v
}

// Fresh returns a new name with v's base.
func (s *NameSource) Fresh(v VName) VName { return s.New(v.Base) }

// Reserve makes sure no later name collides with the tag of v, so a source
// can continue after names made elsewhere (e.g. by the lowering).
func (s *NameSource) Reserve(v VName) {
	if v.Tag >= s.next {
		s.next = v.Tag + 1
	}
}

// Next is the tag the next name will get.
func (s *NameSource) Next() int { return s.next }

// Pos is a source position; statements carry one so that run-time errors
// can say where they happened.
type Pos struct {
	File      string
	Line, Col int
}

func (p Pos) String() string {
	if p.Line == 0 {
		if p.File == "" {
			return "<unknown>"
		}
		return p.File
	}
	return fmt.Sprintf("%s:%d:%d", p.File, p.Line, p.Col)
}

// IsKnown reports whether p refers to an actual source location.
func (p Pos) IsKnown() bool { return p.Line > 0 }
