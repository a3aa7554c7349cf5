package benchrun

import (
	"bufio"
	"fmt"
	"html"
	"io"
	"math"
	"strconv"
	"strings"
)

// WriteSVG draws the report as an SVG image (standard library only): for
// each program, the mean runtime of each entry point against the datasets
// (log scale when the runtimes span more than a factor of ten, with the
// fastest and slowest run as a bar), and then, for every pair of an
// objective and a derivative entry point of a program (EntryPairs), the
// ratio derivative / objective of their mean runtimes per dataset they
// share. Failed datasets are left out.
func (r *Report) WriteSVG(w io.Writer) error {
	var panels []panel
	for _, prog := range r.programs() {
		p := panel{title: prog.path + ": runtime by dataset", unit: "μs"}
		for _, b := range prog.benches {
			s := series{name: b.Entry}
			for _, d := range b.Datasets {
				if d.Failed() || len(d.Runtimes) == 0 {
					continue
				}
				st := d.Stats()
				s.points = append(s.points, point{d.Name, st.Mean, float64(st.Min), float64(st.Max)})
			}
			if len(s.points) > 0 {
				p.series = append(p.series, s)
			}
		}
		if len(p.series) > 0 {
			panels = append(panels, p)
		}
	}
	ratios := panel{title: "derivative / objective (mean runtimes)", ratio: true}
	for _, prog := range r.programs() {
		for _, pair := range EntryPairs(prog.benches) {
			s := series{name: prog.path + ": " + pair[1].Entry + " / " + pair[0].Entry}
			objective := map[string]float64{}
			for _, d := range pair[0].Datasets {
				if !d.Failed() && len(d.Runtimes) > 0 {
					objective[d.Name] = d.Stats().Mean
				}
			}
			for _, d := range pair[1].Datasets {
				o, ok := objective[d.Name]
				if d.Failed() || len(d.Runtimes) == 0 || !ok || o <= 0 {
					continue
				}
				v := d.Stats().Mean / o
				s.points = append(s.points, point{d.Name, v, v, v})
			}
			if len(s.points) > 0 {
				ratios.series = append(ratios.series, s)
			}
		}
	}
	if len(ratios.series) > 0 {
		panels = append(panels, ratios)
	}
	return drawSVG(w, panels)
}

// program groups the benchmarks of one program file.
type program struct {
	path    string
	benches []*Benchmark
}

func (r *Report) programs() []program {
	var ps []program
	index := map[string]int{}
	for _, b := range r.Benchmarks {
		i, ok := index[b.Program]
		if !ok {
			i = len(ps)
			index[b.Program] = i
			ps = append(ps, program{path: b.Program})
		}
		ps[i].benches = append(ps[i].benches, b)
	}
	return ps
}

// EntryPairs pairs the objective and derivative entry points among the
// benchmarks of one program, [objective, derivative], by the naming
// conventions of the benchmark programs: NAME_f and NAME_g; an entry
// called objective, primal or cost with each of the others; NAME with
// grad_NAME, NAME_grad, NAME_jvp and NAME_vjp.
func EntryPairs(benches []*Benchmark) [][2]*Benchmark {
	byName := map[string]*Benchmark{}
	for _, b := range benches {
		byName[b.Entry] = b
	}
	var pairs [][2]*Benchmark
	paired := map[*Benchmark]bool{}
	add := func(o, d *Benchmark) {
		if o != nil && d != nil && o != d && !paired[d] {
			pairs = append(pairs, [2]*Benchmark{o, d})
			paired[d] = true
		}
	}
	for _, b := range benches {
		if base, ok := strings.CutSuffix(b.Entry, "_g"); ok {
			add(byName[base+"_f"], b)
		}
		for _, pre := range []string{"grad_"} {
			if base, ok := strings.CutPrefix(b.Entry, pre); ok {
				add(byName[base], b)
			}
		}
		for _, suf := range []string{"_grad", "_jvp", "_vjp"} {
			if base, ok := strings.CutSuffix(b.Entry, suf); ok {
				add(byName[base], b)
			}
		}
	}
	for _, name := range []string{"objective", "primal", "cost"} {
		o := byName[name]
		if o == nil {
			continue
		}
		for _, b := range benches {
			if b != o && !paired[b] && !paired[o] && b.Entry != "objective" && b.Entry != "primal" && b.Entry != "cost" {
				add(o, b)
			}
		}
	}
	return pairs
}

type point struct {
	label        string
	y, low, high float64
}

type series struct {
	name   string
	points []point
}

type panel struct {
	title  string
	unit   string
	ratio  bool // a ratio panel: linear scale with a line at 1
	series []series
}

// palette holds distinguishable colours for series.
var palette = []string{"#1f77b4", "#d62728", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b", "#e377c2", "#17becf", "#7f7f7f", "#bcbd22"}

const (
	svgWidth    = 900
	plotLeft    = 90
	plotRight   = 30
	plotHeight  = 260
	titleHeight = 40
	labelsSpace = 110 // rotated dataset names under the plot
	legendLine  = 18
)

func drawSVG(w io.Writer, panels []panel) error {
	bw := bufio.NewWriter(w)
	heights := make([]int, len(panels))
	total := 10
	for i, p := range panels {
		heights[i] = titleHeight + plotHeight + labelsSpace + legendLine*len(p.series) + 20
		total += heights[i]
	}
	if len(panels) == 0 {
		total = 60
	}
	fmt.Fprintf(bw, `<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d" font-family="sans-serif" font-size="12">`+"\n", svgWidth, total, svgWidth, total)
	bw.WriteString(`<rect width="100%" height="100%" fill="white"/>` + "\n")
	if len(panels) == 0 {
		bw.WriteString(`<text x="20" y="35">no successful datasets to plot</text>` + "\n")
	}
	top := 10
	for i, p := range panels {
		p.draw(bw, top)
		top += heights[i]
	}
	bw.WriteString("</svg>\n")
	return bw.Flush()
}

func (p panel) draw(w *bufio.Writer, top int) {
	fmt.Fprintf(w, `<text x="%d" y="%d" font-size="15" font-weight="bold">%s</text>`+"\n", plotLeft, top+22, esc(p.title))
	y0 := top + titleHeight // top of the plot area
	x0, x1 := plotLeft, svgWidth-plotRight
	// The categories: dataset names in order of first appearance.
	var labels []string
	seen := map[string]int{}
	lo, hi := math.Inf(1), math.Inf(-1)
	for _, s := range p.series {
		for _, pt := range s.points {
			if _, ok := seen[pt.label]; !ok {
				seen[pt.label] = len(labels)
				labels = append(labels, pt.label)
			}
			lo, hi = math.Min(lo, pt.low), math.Max(hi, pt.high)
		}
	}
	sc := newScale(lo, hi, p.ratio)
	yOf := func(v float64) float64 {
		return float64(y0+plotHeight) - sc.frac(v)*plotHeight
	}
	step := float64(x1-x0) / float64(len(labels))
	xOf := func(i int) float64 { return float64(x0) + step*(float64(i)+0.5) }
	// Axes, grid and ticks.
	fmt.Fprintf(w, `<rect x="%d" y="%d" width="%d" height="%d" fill="none" stroke="#444"/>`+"\n", x0, y0, x1-x0, plotHeight)
	for _, t := range sc.ticks() {
		y := yOf(t)
		fmt.Fprintf(w, `<line x1="%d" y1="%.1f" x2="%d" y2="%.1f" stroke="#ddd"/>`+"\n", x0, y, x1, y)
		fmt.Fprintf(w, `<text x="%d" y="%.1f" text-anchor="end">%s</text>`+"\n", x0-6, y+4, esc(tickText(t)))
	}
	if p.ratio && sc.lo <= 1 && sc.hi >= 1 {
		fmt.Fprintf(w, `<line x1="%d" y1="%.1f" x2="%d" y2="%.1f" stroke="#444" stroke-dasharray="4 3"/>`+"\n", x0, yOf(1), x1, yOf(1))
	}
	axis := p.unit
	if sc.log {
		axis += ", log scale"
	}
	if p.ratio {
		axis = "ratio"
	}
	fmt.Fprintf(w, `<text transform="translate(%d,%d) rotate(-90)" text-anchor="middle">%s</text>`+"\n", 18, y0+plotHeight/2, esc(axis))
	for i, l := range labels {
		x := xOf(i)
		fmt.Fprintf(w, `<text transform="translate(%.1f,%d) rotate(-35)" text-anchor="end">%s</text>`+"\n", x, y0+plotHeight+14, esc(shorten(l, 28)))
	}
	// Series: whiskers from the fastest to the slowest run, markers at the
	// mean, joined by a line.
	for k, s := range p.series {
		color := palette[k%len(palette)]
		var path []string
		for _, pt := range s.points {
			x := xOf(seen[pt.label])
			if pt.high > pt.low {
				fmt.Fprintf(w, `<line x1="%.1f" y1="%.1f" x2="%.1f" y2="%.1f" stroke="%s"/>`+"\n", x, yOf(pt.low), x, yOf(pt.high), color)
			}
			fmt.Fprintf(w, `<circle cx="%.1f" cy="%.1f" r="3.5" fill="%s"><title>%s</title></circle>`+"\n", x, yOf(pt.y), color, esc(fmt.Sprintf("%s, %s: %s", s.name, pt.label, tickText(pt.y))))
			path = append(path, fmt.Sprintf("%.1f,%.1f", x, yOf(pt.y)))
		}
		if len(path) > 1 {
			fmt.Fprintf(w, `<polyline points="%s" fill="none" stroke="%s" stroke-width="1.5"/>`+"\n", strings.Join(path, " "), color)
		}
		ly := y0 + plotHeight + labelsSpace + legendLine*k
		fmt.Fprintf(w, `<rect x="%d" y="%d" width="12" height="12" fill="%s"/>`+"\n", x0, ly, color)
		fmt.Fprintf(w, `<text x="%d" y="%d">%s</text>`+"\n", x0+18, ly+11, esc(s.name))
	}
}

// scale maps values to [0, 1] over the plot's height.
type scale struct {
	lo, hi float64
	log    bool
}

func newScale(lo, hi float64, ratio bool) scale {
	if ratio {
		lo = math.Min(lo, 1)
		hi = math.Max(hi, 1)
	}
	if lo > 0 && hi/lo > 10 && !ratio {
		return scale{math.Pow(10, math.Floor(math.Log10(lo))), math.Pow(10, math.Ceil(math.Log10(hi))), true}
	}
	lo = math.Min(0, lo)
	if hi <= lo {
		hi = lo + 1
	}
	step := niceStep((hi - lo) / 5)
	return scale{math.Floor(lo/step) * step, math.Ceil(hi/step) * step, false}
}

func (s scale) frac(v float64) float64 {
	if s.log {
		if v <= 0 {
			return 0
		}
		return (math.Log10(v) - math.Log10(s.lo)) / (math.Log10(s.hi) - math.Log10(s.lo))
	}
	return (v - s.lo) / (s.hi - s.lo)
}

func (s scale) ticks() []float64 {
	var ts []float64
	if s.log {
		for v := s.lo; v <= s.hi*1.0001; v *= 10 {
			ts = append(ts, v)
		}
		return ts
	}
	step := niceStep((s.hi - s.lo) / 5)
	for v := s.lo; v <= s.hi+step/1000; v += step {
		ts = append(ts, v)
	}
	return ts
}

// niceStep rounds x up to 1, 2 or 5 times a power of ten.
func niceStep(x float64) float64 {
	if x <= 0 {
		return 1
	}
	p := math.Pow(10, math.Floor(math.Log10(x)))
	for _, m := range []float64{1, 2, 5, 10} {
		if m*p >= x {
			return m * p
		}
	}
	return 10 * p
}

func tickText(v float64) string {
	if v >= 1e6 || v != 0 && math.Abs(v) < 1e-3 {
		return strconv.FormatFloat(v, 'g', 3, 64)
	}
	return strconv.FormatFloat(math.Round(v*1000)/1000, 'f', -1, 64)
}

func shorten(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n-1]) + "…"
}

func esc(s string) string { return html.EscapeString(s) }
