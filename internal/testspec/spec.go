// Package testspec finds and parses the `-- ==` test blocks embedded in
// program comments (FORMATS.md §3), names their datasets (§4.1), selects
// the cases to run, and runs and judges them against any Backend.
//
// The block grammar, after stripping the comment markers:
//
//	block     ::= description "==" ["tags" "{" tag* "}"] item*
//	            | description "==" ["tags" "{" tag* "}"] "error:" rest-of-line
//	item      ::= "entry:" name+ <end of line> | case | structure | warning
//	case      ::= [stringlit] runtag* input [expected]
//	input     ::= "input" "{" value* "}" | "input" "@" path
//	            | "input" "{" gen* "}"        (when a run tag is "random")
//	            | "input" "{" script "}"      (when a run tag is "script")
//	            | "input" "@" path            (script in a file, tag "script")
//	expected  ::= "output" "{" value* "}" | "output" "@" path
//	            | "script" "output" "{" script "}"
//	            | "auto" "output" | "error:" rest-of-line
//	structure ::= "structure" word* "{" (word natural)* "}"   (ignored)
//	warning   ::= "warning:" rest-of-line
//	tag       ::= [A-Za-z0-9_-]+
//	gen       ::= ("[" natural "]")* primtype | value
//
// Tokens may span lines, except that entry names, error regexes and
// warning text end at the end of their line. An `entry:` line applies to
// the cases after it in its block. `structure` clauses state facts about
// the reference compiler's internals and are accepted and ignored;
// `warning: REGEX` requires the program to compile with a warning that
// matches. script is the expression language of script.go. Parse gives a
// Spec; a Runner runs the specs of many programs on a Backend and returns
// a Report.
package testspec

import (
	"fmt"
	"regexp"

	"github.com/fluxion-lang/fluxion/internal/prim"
)

// Pos is a position in a program file; Line and Col are 1-based.
type Pos struct {
	File string
	Line int
	Col  int
}

func (p Pos) String() string { return fmt.Sprintf("%s:%d:%d", p.File, p.Line, p.Col) }

// Error is a malformed test block or test data, at a position.
type Error struct {
	Pos Pos
	Msg string
}

func (e *Error) Error() string { return e.Pos.String() + ": " + e.Msg }

// Spec is everything the test blocks of one program say.
type Spec struct {
	Path        string
	Description string   // free text before the first block's "=="
	Tags        []string // the first block's tags { ... }
	Blocks      int      // number of test blocks found; 0 if the file has none

	// CompileError is non-nil when the program is expected to fail to compile.
	CompileError *ExpectedError
	// Warnings must each match a warning of the compiler on the program.
	Warnings []*ExpectedWarning

	Cases []*Case // in source order
}

// Disabled reports whether the whole program is disabled by its tags.
func (s *Spec) Disabled() bool { return hasTag(s.Tags, "disable") }

// Case is one test case; it runs once per entry point in Entries.
type Case struct {
	Pos     Pos      // where the case starts
	Entries []string // entry points it applies to ("main" by default)
	Block   int      // 0-based index of the block it came from
	Index   int      // 0-based index among the cases after the same entry: line
	Name    string   // explicit dataset name, "" if none was given
	Tags    []string // run tags
	Input   Input
	Expect  Expected
}

// HasTag reports whether the case carries the run tag t.
func (c *Case) HasTag(t string) bool { return hasTag(c.Tags, t) }

// InputKind says where a case's arguments come from.
type InputKind uint8

const (
	InputValues     InputKind = iota // input { values }
	InputFile                        // input @ path
	InputRandom                      // random input { generators }
	InputScript                      // script input { expression }
	InputScriptFile                  // script input @ path (an expression)
)

// Input describes a case's arguments.
type Input struct {
	Kind InputKind
	Pos  Pos

	// Text is the literal text between the braces of input { ... }, with the
	// comment markers blanked so that columns match the file.
	Text string
	// Values are the parsed literal arguments (InputValues).
	Values []Value

	// Path is the file name as written (InputFile), relative to the program.
	Path string

	// Gens are the generators (InputRandom).
	Gens []Generator

	// Script is the expression (InputScript).
	Script ScriptExp
}

// Generator is one item of random input { ... }: a type to generate a
// value of, or a constant passed as is.
type Generator struct {
	Dims  []int64   // sizes, outermost first; empty for a scalar
	Type  prim.Type // element type; Invalid when Const is set
	Const Value     // the constant, when the item is a literal value
	Text  string    // the item as written
}

// ExpectKind says how a case's result is judged.
type ExpectKind uint8

const (
	ExpectSuccess ExpectKind = iota // no expected clause: the run must succeed
	ExpectValues                    // output { values }
	ExpectFile                      // output @ path
	ExpectAuto                      // auto output
	ExpectError                     // error: regex
	ExpectScript                    // script output { expression }
)

// Expected describes what a case's run must produce.
type Expected struct {
	Kind   ExpectKind
	Pos    Pos
	Text   string  // literal text of output { ... }
	Values []Value // parsed expected values (ExpectValues)
	Path   string  // output @ path
	Error  *ExpectedError
	Script ScriptExp // script output { expression }
}

// ExpectedError is an expected failure message pattern.
type ExpectedError struct {
	Pattern string         // as written; "" accepts any failure
	Regexp  *regexp.Regexp // Pattern compiled with (?s); nil if Pattern is ""
}

// Match reports whether the failure message msg is acceptable.
func (e *ExpectedError) Match(msg string) bool {
	return e.Regexp == nil || e.Regexp.MatchString(msg)
}

// ExpectedWarning is a `warning:` clause.
type ExpectedWarning struct {
	Pos     Pos
	Pattern string
	Regexp  *regexp.Regexp // Pattern compiled with (?s)
}

func hasTag(tags []string, t string) bool {
	for _, x := range tags {
		if x == t {
			return true
		}
	}
	return false
}
