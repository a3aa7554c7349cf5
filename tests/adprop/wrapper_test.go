package adprop

import (
	"fmt"
	"strings"

	"github.com/fluxion-lang/fluxion/internal/check"
	"github.com/fluxion-lang/fluxion/internal/prim"
)

// leaf is a float parameter or result of an entry point: its element type
// and its dimensions as the checker wrote them.
type leaf struct {
	elem prim.Type
	dims []check.Size
}

// floatLeaf describes t if it is an f32/f64 scalar or array; f16 is left out
// because finite differences in half precision say nothing.
func floatLeaf(t check.Type) (leaf, bool) {
	var l leaf
	for {
		t = check.Reveal(check.Resolve(t))
		a, ok := t.(*check.Array)
		if !ok {
			break
		}
		l.dims = append(l.dims, a.Size)
		t = a.Elem
	}
	p, ok := t.(*check.Prim)
	if !ok || (p.P != prim.F32 && p.P != prim.F64) {
		return leaf{}, false
	}
	l.elem = p.P
	return l, true
}

// sizeNames gives every named size of the parameters a fresh size parameter
// of the wrapper, so that equal sizes stay equal in the wrapper's types.
type sizeNames struct {
	ids   map[int]string
	order []string
}

func (s *sizeNames) spell(l leaf, bind bool) string {
	var b strings.Builder
	for _, d := range l.dims {
		switch z := check.ResolveSize(d).(type) {
		case *check.SizeConst:
			fmt.Fprintf(&b, "[%d]", z.N)
		case *check.SizeVar:
			name, ok := s.ids[z.ID]
			if !ok && bind && !z.Unknown {
				name = fmt.Sprintf("ap_n%d", len(s.order))
				s.ids[z.ID] = name
				s.order = append(s.order, name)
			}
			fmt.Fprintf(&b, "[%s]", name)
		default:
			b.WriteString("[]")
		}
	}
	b.WriteString(l.elem.String())
	return b.String()
}

// tuple spells a tuple expression or pattern of names (one name alone).
func tuple(names []string) string {
	if len(names) == 1 {
		return names[0]
	}
	return "(" + strings.Join(names, ", ") + ")"
}

func names(prefix string, n int) []string {
	out := make([]string, n)
	for i := range out {
		out[i] = fmt.Sprintf("%s%d", prefix, i+1)
	}
	return out
}

// Wrapper modes: the primal alone, jvp2 (primal results then tangents), and
// vjp2 (primal results then parameter cotangents).
const (
	modePrimal = "primal"
	modeJVP    = "jvp"
	modeVJP    = "vjp"
)

// wrapperSource is a program that imports the file base (same directory)
// and defines one entry ap_<mode> differentiating entry with the given float
// parameters and results.
func wrapperSource(base, entry string, params, results []leaf, mode string) string {
	sn := &sizeNames{ids: map[int]string{}}
	var ptypes, rtypes []string
	for _, p := range params {
		ptypes = append(ptypes, sn.spell(p, true))
	}
	for _, r := range results {
		rtypes = append(rtypes, sn.spell(r, false))
	}
	xs, as := names("ap_x", len(params)), names("ap_a", len(params))
	var sig []string
	for i, x := range xs {
		sig = append(sig, fmt.Sprintf("(%s: %s)", x, ptypes[i]))
	}
	call := fmt.Sprintf("(\\%s -> %s %s)", tuple(as), entry, strings.Join(as, " "))
	var body string
	ys := names("ap_y", len(results))
	switch mode {
	case modePrimal:
		body = fmt.Sprintf("%s %s", entry, strings.Join(xs, " "))
	case modeJVP:
		ds := names("ap_d", len(params))
		for i, d := range ds {
			sig = append(sig, fmt.Sprintf("(%s: %s)", d, ptypes[i]))
		}
		ts := names("ap_t", len(results))
		body = fmt.Sprintf("let (%s, %s) = jvp2 %s %s %s\n  in (%s, %s)",
			tuple(ys), tuple(ts), call, tuple(xs), tuple(ds),
			strings.Join(ys, ", "), strings.Join(ts, ", "))
	case modeVJP:
		bs := names("ap_b", len(results))
		for i, b := range bs {
			sig = append(sig, fmt.Sprintf("(%s: %s)", b, rtypes[i]))
		}
		gs := names("ap_g", len(params))
		body = fmt.Sprintf("let (%s, %s) = vjp2 %s %s %s\n  in (%s, %s)",
			tuple(ys), tuple(gs), call, tuple(xs), tuple(bs),
			strings.Join(ys, ", "), strings.Join(gs, ", "))
	}
	sizes := ""
	for _, n := range sn.order {
		sizes += "[" + n + "] "
	}
	return fmt.Sprintf("import %q\n\nentry ap_%s %s%s =\n  %s\n", base, mode, sizes, strings.Join(sig, " "), body)
}
