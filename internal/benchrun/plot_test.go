package benchrun

import (
	"bytes"
	"encoding/xml"
	"io"
	"strings"
	"testing"
)

func bench(prog, entry string, ds ...*Dataset) *Benchmark {
	return &Benchmark{Key: prog + ":" + entry, Program: prog, Entry: entry, Datasets: ds}
}

func ds(name string, runtimes ...int64) *Dataset { return &Dataset{Name: name, Runtimes: runtimes} }

func TestEntryPairs(t *testing.T) {
	names := func(bs ...string) []*Benchmark {
		var out []*Benchmark
		for _, b := range bs {
			out = append(out, bench("p.fut", b))
		}
		return out
	}
	tests := []struct {
		entries []string
		want    string
	}{
		{[]string{"map_f", "map_g", "red_f", "red_g", "lone_g"}, "map_f/map_g red_f/red_g"},
		{[]string{"objective", "jacobian"}, "objective/jacobian"},
		{[]string{"primal", "gradient", "hessian"}, "primal/gradient primal/hessian"},
		{[]string{"objective", "dobj_ff", "dobj_rr"}, "objective/dobj_ff objective/dobj_rr"},
		{[]string{"loss", "grad_loss", "loss_jvp"}, "loss/grad_loss loss/loss_jvp"},
		{[]string{"main"}, ""},
		{[]string{"dot", "grad"}, ""},
	}
	for _, tt := range tests {
		var got []string
		for _, p := range EntryPairs(names(tt.entries...)) {
			got = append(got, p[0].Entry+"/"+p[1].Entry)
		}
		if strings.Join(got, " ") != tt.want {
			t.Errorf("EntryPairs(%v) = %v, want %q", tt.entries, got, tt.want)
		}
	}
}

// svgSummary parses the SVG and returns its texts and the number of
// markers.
func svgSummary(t *testing.T, b []byte) (string, int) {
	t.Helper()
	dec := xml.NewDecoder(bytes.NewReader(b))
	var texts []string
	circles := 0
	inText := false
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatalf("the SVG is not well-formed XML: %v\n%s", err, b)
		}
		switch tok := tok.(type) {
		case xml.StartElement:
			inText = tok.Name.Local == "text"
			if tok.Name.Local == "circle" {
				circles++
			}
		case xml.EndElement:
			inText = false
		case xml.CharData:
			if inText {
				texts = append(texts, string(tok))
			}
		}
	}
	return strings.Join(texts, "|"), circles
}

func TestWriteSVG(t *testing.T) {
	failed := ds("broken", 5)
	failed.Err = "run failed"
	rep := &Report{Benchmarks: []*Benchmark{
		bench("gmm.fut", "objective", ds("small", 10, 12), ds("large", 1000, 1100), ds("<odd & name>", 50)),
		bench("gmm.fut", "jacobian", ds("small", 40, 44), ds("large", 3000, 3300), failed),
		bench("dot.fut", "main", ds("#0 (\"[1i32]\")", 3, 4, 5)),
	}}
	var buf bytes.Buffer
	if err := rep.WriteSVG(&buf); err != nil {
		t.Fatal(err)
	}
	texts, circles := svgSummary(t, buf.Bytes())
	// 3 + 2 runtime markers for gmm, 1 for dot, 2 ratios.
	if circles != 8 {
		t.Errorf("%d markers, want 8", circles)
	}
	for _, want := range []string{
		"gmm.fut: runtime by dataset", "μs, log scale", "small", "large", "<odd & name>", "objective", "jacobian",
		"dot.fut: runtime by dataset", "derivative / objective (mean runtimes)", "gmm.fut: jacobian / objective",
		"ratio",
	} {
		if !strings.Contains(texts, want) {
			t.Errorf("the SVG lacks %q: %s", want, texts)
		}
	}
	if strings.Contains(texts, "broken") {
		t.Error("a failed dataset is plotted")
	}
	// The ratios: 42/11 and 3150/1050.
	if !strings.Contains(buf.String(), "jacobian / objective, small: 3.818") || !strings.Contains(buf.String(), "jacobian / objective, large: 3<") {
		t.Errorf("ratio markers are wrong:\n%s", buf.String())
	}
	// No data at all still gives a valid picture.
	buf.Reset()
	if err := (&Report{}).WriteSVG(&buf); err != nil {
		t.Fatal(err)
	}
	if texts, _ := svgSummary(t, buf.Bytes()); !strings.Contains(texts, "no successful datasets") {
		t.Errorf("empty report: %s", texts)
	}
}

func TestScale(t *testing.T) {
	s := newScale(12, 3300, false)
	if !s.log || s.lo != 10 || s.hi != 10000 || len(s.ticks()) != 4 {
		t.Errorf("log scale %+v ticks %v", s, s.ticks())
	}
	s = newScale(3, 5, false)
	if s.log || s.lo != 0 || s.hi != 5 || s.frac(2.5) != 0.5 {
		t.Errorf("linear scale %+v", s)
	}
	s = newScale(3, 4, true)
	if s.log || s.lo != 0 || s.hi < 4 {
		t.Errorf("ratio scale %+v", s)
	}
}
