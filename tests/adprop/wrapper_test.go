package adprop

import (
	"fmt"
	"strings"

	"github.com/fluxion-lang/fluxion/internal/check"
	"github.com/fluxion-lang/fluxion/internal/prim"
)

// leaf is a primitive parameter or result of an entry point: its element
// type and its dimensions as the checker wrote them. A fixed parameter is
// not an f32/f64 one: the wrapper passes it through as a constant.
type leaf struct {
	elem  prim.Type
	dims  []check.Size
	fixed bool
}

func isFloat(t prim.Type) bool { return t == prim.F32 || t == prim.F64 }

// floatLeaf describes t if it is an f32/f64 scalar or array; f16 is left out
// because finite differences in half precision say nothing.
func floatLeaf(t check.Type) (leaf, bool) {
	l, ok := primLeaf(t)
	return l, ok && !l.fixed
}

// primLeaf describes t if it is a primitive scalar or array.
func primLeaf(t check.Type) (leaf, bool) {
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
	if !ok {
		return leaf{}, false
	}
	l.elem, l.fixed = p.P, !isFloat(p.P)
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
	all := names("ap_x", len(params))
	var sig, xs, as, args, vtypes []string
	for i, x := range all {
		sig = append(sig, fmt.Sprintf("(%s: %s)", x, ptypes[i]))
		if params[i].fixed {
			args = append(args, x)
			continue
		}
		a := fmt.Sprintf("ap_a%d", i+1)
		xs, as, args, vtypes = append(xs, x), append(as, a), append(args, a), append(vtypes, ptypes[i])
	}
	// fixed parameters are free in the lambda, hence constants (§14.1)
	call := fmt.Sprintf("(\\%s -> %s %s)", tuple(as), entry, strings.Join(args, " "))
	var body string
	ys := names("ap_y", len(results))
	switch mode {
	case modePrimal:
		body = fmt.Sprintf("%s %s", entry, strings.Join(all, " "))
	case modeJVP:
		ds := names("ap_d", len(xs))
		for i, d := range ds {
			sig = append(sig, fmt.Sprintf("(%s: %s)", d, vtypes[i]))
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
		gs := names("ap_g", len(xs))
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
