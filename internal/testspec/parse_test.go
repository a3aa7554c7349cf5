package testspec

import (
	"fmt"
	"math"
	"os"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// summarize renders a spec compactly: one line for the program, one per case.
func summarize(s *Spec) string {
	var b strings.Builder
	fmt.Fprintf(&b, "blocks=%d tags=%v", s.Blocks, s.Tags)
	if s.Description != "" {
		fmt.Fprintf(&b, " descr=%q", s.Description)
	}
	if s.CompileError != nil {
		fmt.Fprintf(&b, " compile-error=%q", s.CompileError.Pattern)
	}
	for _, c := range s.Cases {
		fmt.Fprintf(&b, "\n%d:%d %s b%d #%d", c.Pos.Line, c.Pos.Col, strings.Join(c.Entries, ","), c.Block, c.Index)
		if c.Name != "" {
			fmt.Fprintf(&b, " name=%q", c.Name)
		}
		if len(c.Tags) > 0 {
			fmt.Fprintf(&b, " tags=%v", c.Tags)
		}
		switch c.Input.Kind {
		case InputValues:
			fmt.Fprintf(&b, " in{%s}", strings.Join(strings.Fields(c.Input.Text), " "))
		case InputFile:
			fmt.Fprintf(&b, " in@%s", c.Input.Path)
		case InputRandom:
			var gs []string
			for _, g := range c.Input.Gens {
				gs = append(gs, g.Text)
			}
			fmt.Fprintf(&b, " rand{%s}", strings.Join(gs, " "))
		}
		switch c.Expect.Kind {
		case ExpectValues:
			fmt.Fprintf(&b, " out{%s}", strings.Join(strings.Fields(c.Expect.Text), " "))
		case ExpectFile:
			fmt.Fprintf(&b, " out@%s", c.Expect.Path)
		case ExpectAuto:
			b.WriteString(" auto")
		case ExpectError:
			fmt.Fprintf(&b, " error=%q", c.Expect.Error.Pattern)
		}
	}
	return b.String()
}

// example37 is the example of FORMATS.md §3.7.
const example37 = `-- Scaling and summing.
-- ==
-- tags { example }
-- entry: total
-- input { [1.0, 2.0, 3.0] 2.0 } output { 12.0 }
-- input { empty([0]f64) 5.0 } output { 0.0 }
-- "big" compiled random input { [100000]f64 1.0 }

entry total (xs: []f64) (k: f64) : f64 = f64.sum (map (* k) xs)

-- ==
-- entry: twice
-- input { 21 } output { 42 }
-- input { 2147483647 } output { -2i32 }

entry twice (x: i32) = x * 2
`

func TestParse(t *testing.T) {
	tests := []struct {
		name, src, want string
	}{
		{"example 3.7", example37, `blocks=2 tags=[example] descr="Scaling and summing."
5:4 total b0 #0 in{[1.0, 2.0, 3.0] 2.0} out{12.0}
6:4 total b0 #1 in{empty([0]f64) 5.0} out{0.0}
7:4 total b0 #2 name="big" tags=[compiled random] rand{[100000]f64 1.0}
13:4 twice b1 #0 in{21} out{42}
14:4 twice b1 #1 in{2147483647} out{-2i32}`},
		{"no blocks", "-- just a comment\nentry main = 1\n", "blocks=0 tags=[]"},
		{"comment group without ==", "-- a\n-- = =\n-- input { 1 }\n", "blocks=0 tags=[]"},
		{"indented marker is not a block", " -- ==\n -- input { 1 }\n", "blocks=0 tags=[]"},
		{"empty block", "-- ==\n", "blocks=1 tags=[]"},
		{"== with spaces, no space after --", "--  ==  \n--input { 1 }\n", "blocks=1 tags=[]\n2:3 main b0 #0 in{1}"},
		{"no expectation", "-- ==\n-- input {}\n", "blocks=1 tags=[]\n2:4 main b0 #0 in{}"},
		{"case spanning lines", "-- ==\n-- input {\n--   [1,\n--    2]\n-- }\n-- output\n-- { 3 }\n",
			"blocks=1 tags=[]\n2:4 main b0 #0 in{[1, 2]} out{3}"},
		{"several cases on one line", "-- ==\n-- input { 1 } output { 2 } input { 3 } output { 4 }\n",
			"blocks=1 tags=[]\n2:4 main b0 #0 in{1} out{2}\n2:29 main b0 #1 in{3} out{4}"},
		{"files", "-- ==\n-- input @ data/a.in.gz output @data/a.out\n",
			"blocks=1 tags=[]\n2:4 main b0 #0 in@data/a.in.gz out@data/a.out"},
		{"auto output", "-- ==\n-- compiled input @ x.in auto output\n",
			"blocks=1 tags=[]\n2:4 main b0 #0 tags=[compiled] in@x.in auto"},
		{"expected error", "-- ==\n-- input { 0 } error: division by zero.*here\n-- input { 1 } output { 1 }\n",
			"blocks=1 tags=[]\n2:4 main b0 #0 in{0} error=\"division by zero.*here\"\n3:4 main b0 #1 in{1} out{1}"},
		{"expected any error", "-- ==\n-- input { 0 }\n-- error:\n",
			"blocks=1 tags=[]\n2:4 main b0 #0 in{0} error=\"\""},
		{"error glued", "-- ==\n-- input { 0 } error:Index [0-9]+\n",
			"blocks=1 tags=[]\n2:4 main b0 #0 in{0} error=\"Index [0-9]+\""},
		{"compile error", "-- Must not compile.\n-- ==\n-- error: Unknown variable\n",
			`blocks=1 tags=[] descr="Must not compile." compile-error="Unknown variable"`},
		{"compile error after tags", "-- ==\n-- tags { types }\n-- error: .*\n",
			`blocks=1 tags=[types] compile-error=".*"`},
		{"all run tags", "-- ==\n-- \"n\" nobench notest disable no_python no_opencl my-tag_2 input { 1 }\n",
			"blocks=1 tags=[]\n2:4 main b0 #0 name=\"n\" tags=[nobench notest disable no_python no_opencl my-tag_2] in{1}"},
		{"structure and warning ignored", "-- ==\n-- input { 1 } output { 1 }\n-- structure gpu-mem { Alloc 1 SegMap 2 }\n-- warning: some { text\n-- input { 2 }\n",
			"blocks=1 tags=[]\n2:4 main b0 #0 in{1} out{1}\n5:4 main b0 #1 in{2}"},
		{"structure without pipeline", "-- ==\n-- input { 1 } structure { }\n", "blocks=1 tags=[]\n2:4 main b0 #0 in{1}"},
		{"entry resets index", "-- ==\n-- input { 1 }\n-- entry: f g\n-- input { 2 }\n-- input { 3 }\n-- entry: h\n-- input { 4 }\n",
			"blocks=1 tags=[]\n2:4 main b0 #0 in{1}\n4:4 f,g b0 #0 in{2}\n5:4 f,g b0 #1 in{3}\n7:4 h b0 #0 in{4}"},
		{"entry does not carry over", "-- ==\n-- entry: f\n-- input { 1 }\n\n-- ==\n-- input { 2 }\n",
			"blocks=2 tags=[]\n3:4 f b0 #0 in{1}\n6:4 main b1 #0 in{2}"},
		{"entry-only block", "-- ==\n-- entry: f\n", "blocks=1 tags=[]"},
		{"strings with braces", "-- ==\n-- input { \"a}b\" } output { \"}\" }\n",
			"blocks=1 tags=[]\n2:4 main b0 #0 in{\"a}b\"} out{\"}\"}"},
		{"random input", "-- ==\n-- random input { [10][2]f32 i64 3 0.5f32 true }\n",
			"blocks=1 tags=[]\n2:4 main b0 #0 tags=[random] rand{[10][2]f32 i64 3 0.5f32 true}"},
		{"description across lines", "-- Line one.\n--\n-- Line two.\n-- ==\n-- input { 1 }\n",
			`blocks=1 tags=[] descr="Line one.\n\nLine two."` + "\n5:4 main b0 #0 in{1}"},
		{"second == in a group starts a block", "-- D.\n-- ==\n-- entry: f\n-- input { 1 }\n-- ==\n-- input { 2 }\n-- ==\n",
			`blocks=3 tags=[] descr="D."` + "\n4:4 f b0 #0 in{1}\n6:4 main b1 #0 in{2}"},
		{"blank line separates blocks", "-- ==\n-- input { 1 }\n\n-- Other.\n-- ==\n-- input { 2 }\n",
			"blocks=2 tags=[]\n2:4 main b0 #0 in{1}\n6:4 main b1 #0 in{2}"},
		{"CRLF line endings", "-- ==\r\n-- input { 1 } output { 2 }\r\n",
			"blocks=1 tags=[]\n2:4 main b0 #0 in{1} out{2}"},
		{"no final newline", "-- ==\n-- input { 1 }", "blocks=1 tags=[]\n2:4 main b0 #0 in{1}"},
		{"tags in later block are added", "-- ==\n-- tags { a }\n\n-- ==\n-- tags { b c }\n",
			"blocks=2 tags=[a b c]"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			spec, err := Parse("t.fut", []byte(tt.src))
			if err != nil {
				t.Fatalf("Parse: %v", err)
			}
			if got := summarize(spec); got != tt.want {
				t.Errorf("got:\n%s\nwant:\n%s", got, tt.want)
			}
		})
	}
}

func TestParseRegexDotMatchesNewline(t *testing.T) {
	spec, err := Parse("t.fut", []byte("-- ==\n-- input { 1 } error: first.second\n"))
	if err != nil {
		t.Fatal(err)
	}
	e := spec.Cases[0].Expect.Error
	for msg, want := range map[string]bool{
		"first\nsecond":        true,
		"x: firstXsecond here": true,
		"first second":         true,
		"firstsecond":          false,
		"second first":         false,
	} {
		if got := e.Match(msg); got != want {
			t.Errorf("Match(%q) = %v, want %v", msg, got, want)
		}
	}
}

// TestParseErrors runs the chunks of testdata/errors.txt: each chunk must
// fail to parse at the line marked "## COL: REGEX", at COL, with a message
// matching REGEX.
func TestParseErrors(t *testing.T) {
	data, err := os.ReadFile("testdata/errors.txt")
	if err != nil {
		t.Fatal(err)
	}
	marker := regexp.MustCompile(`\s+## (\d+): (.*)$`)
	chunks := strings.Split(string(data), "\n#####\n")
	for i, chunk := range chunks[1:] {
		var lines []string
		wantLine, wantCol, wantRx := 0, 0, ""
		for n, l := range strings.Split(chunk, "\n") {
			if m := marker.FindStringSubmatchIndex(l); m != nil {
				wantLine = n + 1
				wantCol, _ = strconv.Atoi(l[m[2]:m[3]])
				wantRx = l[m[4]:m[5]]
				l = l[:m[0]]
			}
			lines = append(lines, l)
		}
		src := strings.Join(lines, "\n") + "\n"
		t.Run(fmt.Sprint("chunk", i+1), func(t *testing.T) {
			if wantLine == 0 {
				t.Fatalf("chunk has no ## marker:\n%s", chunk)
			}
			_, err := Parse("t.fut", []byte(src))
			if err == nil {
				t.Fatalf("no error for:\n%s", src)
			}
			perr, ok := err.(*Error)
			if !ok {
				t.Fatalf("error %v has type %T, want *Error", err, err)
			}
			if perr.Pos.Line != wantLine || perr.Pos.Col != wantCol {
				t.Errorf("error at %d:%d, want %d:%d: %v", perr.Pos.Line, perr.Pos.Col, wantLine, wantCol, err)
			}
			if !regexp.MustCompile(wantRx).MatchString(perr.Msg) {
				t.Errorf("error %q does not match %q", perr.Msg, wantRx)
			}
			if !strings.HasPrefix(err.Error(), fmt.Sprintf("t.fut:%d:%d: ", wantLine, wantCol)) {
				t.Errorf("error text %q lacks its position", err.Error())
			}
		})
	}
}

func TestShortestFloat(t *testing.T) {
	tests := []struct {
		x    float64
		bits int
		want string
	}{
		{0, 64, "0.0"},
		{math.Copysign(0, -1), 64, "-0.0"},
		{1, 64, "1.0"},
		{2.5, 64, "2.5"},
		{-2.5, 64, "-2.5"},
		{12, 64, "12.0"},
		{0.1, 64, "0.1"},
		{0.01, 64, "1.0e-2"},
		{0.0125, 64, "1.25e-2"},
		{1234567, 64, "1234567.0"},
		{1e7, 64, "1.0e7"},
		{12345678, 64, "1.2345678e7"},
		{1e100, 64, "1.0e100"},
		{5e-324, 64, "5.0e-324"},
		{0.30000000000000004, 64, "0.30000000000000004"},
		{float64(float32(0.1)), 32, "0.1"},
		{float64(float32(0.1)), 64, "0.10000000149011612"},
		{100000, 64, "100000.0"},
	}
	for _, tt := range tests {
		if got := shortestFloat(tt.x, tt.bits); got != tt.want {
			t.Errorf("shortestFloat(%v, %d) = %q, want %q", tt.x, tt.bits, got, tt.want)
		}
	}
}
