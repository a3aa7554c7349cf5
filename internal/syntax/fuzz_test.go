package syntax

import (
	"bytes"
	"fmt"
	"strings"
	"testing"
	"time"
)

// FuzzParse checks that no input crashes or hangs the parser, that every
// error carries a sane position, and that parsed files can be printed.
func FuzzParse(f *testing.F) {
	for _, tc := range expTests {
		f.Add([]byte("def x = " + tc.src))
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		lines := bytes.Count(src, []byte("\n")) + 1
		checkErr := func(what string, err error) {
			if err == nil {
				return
			}
			for _, e := range err.(ErrorList) {
				if strings.Contains(e.Msg, "internal parser error") {
					t.Fatalf("%s: %v", what, e)
				}
				if e.Pos.Line < 1 || e.Pos.Line > lines || e.Pos.Col < 1 {
					t.Fatalf("%s: error outside the input: %v", what, e)
				}
			}
		}
		file, err := ParseFile("fuzz.fut", src, 0)
		checkErr("ParseFile", err)
		if err == nil {
			_ = Format(file)
		}
		_, err = ParseFile("fuzz.fut", src, AllowIntrinsics)
		checkErr("ParseFile(AllowIntrinsics)", err)
		e, err := ParseExp("fuzz.fut", src, 0)
		checkErr("ParseExp", err)
		if err == nil {
			_ = Format(e)
		}
		_, err = ParseType("fuzz.fut", src, 0)
		checkErr("ParseType", err)
		_, err = ParsePat("fuzz.fut", src, 0)
		checkErr("ParsePat", err)
	})
}

// Regression inputs: deep nesting must give an error, not a stack overflow.
func TestDeepNesting(t *testing.T) {
	for _, src := range []string{
		"def x = " + strings.Repeat("(", 3000),
		"def x = " + strings.Repeat("[", 3000),
		"def x = " + strings.Repeat("- ", 3000) + "1",
		"def x = " + strings.Repeat("f (", 5000) + "1" + strings.Repeat(")", 5000),
		"type t = " + strings.Repeat("[n]", 3000) + "i32",
		"type t = " + strings.Repeat("i32 -> ", 3000) + "i32",
		"def x = " + strings.Repeat("let a = 1 in ", 3000) + "a",
		"def x = " + strings.Repeat("1 <| ", 3000) + "1",
		"module M = " + strings.Repeat("{ module N = ", 3000),
		"def x = " + strings.Repeat("#[a] ", 3000) + "1",
		"def x = " + strings.Repeat("{a = ", 3000),
	} {
		start := time.Now()
		_, err := ParseFile("deep.fut", []byte(src), 0)
		t.Logf("%.20q: %v", src, time.Since(start))
		if err == nil || !strings.Contains(err.Error(), "nested too deeply") {
			t.Errorf("%.20q...: got %v, want a nesting error", src, err)
		}
	}
}

// A long flat program must parse without hitting the nesting limit.
func TestLongFlatProgram(t *testing.T) {
	src := benchProgram(2000)
	f, err := ParseFile("long.fut", src, 0)
	if err != nil {
		t.Fatal(err)
	}
	if len(f.Decls) != 2000/benchLinesPerDecl {
		t.Errorf("got %d declarations, want %d", len(f.Decls), 2000/benchLinesPerDecl)
	}
	long := "def x = " + strings.Repeat("1 + ", 3000) + "1"
	if _, err := ParseFile("sum.fut", []byte(long), 0); err != nil {
		t.Errorf("long left-associative sum: %v", err)
	}
}

const benchLinesPerDecl = 10

// benchProgram generates a program of about the given number of lines
// with a realistic mix of declarations and expressions.
func benchProgram(lines int) []byte {
	var b bytes.Buffer
	for i := 0; i < lines/benchLinesPerDecl; i++ {
		fmt.Fprintf(&b, `def f%d [n] (xs: [n]f32) (ys: [n]f32) : (f32, [n]f32) =
  let s = reduce (+) 0 (map2 (*) xs ys)
  let zs = map (\x -> x * 2.5f32 + f32.sqrt (f32.abs x)) xs
  let m = loop acc = 0f32 for i < n do
            if xs[i] > acc then xs[i] else acc
  let r = {a = s, b = zs[1:n-1:2]}
  let w = zs with [0] = r.a
  in match (s > 0, m)
     case (true, _) -> (s + m, w)
     case _ -> (0x1.8p1 - 1e-3 * f32.i64 n, scan (+) 0 zs |> map (/ 2))
`, i)
	}
	return b.Bytes()
}

func BenchmarkParse(b *testing.B) {
	src := benchProgram(5000)
	b.SetBytes(int64(len(src)))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := ParseFile("bench.fut", src, 0); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/5, "ns/1000lines")
}
