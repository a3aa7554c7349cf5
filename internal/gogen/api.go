package gogen

import (
	gotoken "go/token"
	"go/types"
	"strconv"
	"strings"

	"github.com/fluxion-lang/fluxion/internal/ir"
)

// goNames gives the Go names of the parameters and results of entry point
// f's exported function: the source names where the program has them (a
// component p.0 of a tuple becomes p_0, result component 1.a becomes
// r1_a), a<k> and r<k> otherwise. A name that is a Go keyword or
// predeclared identifier, that taken reports (a name of the package the
// function's body may refer to), or that an earlier parameter has, gets
// "_" appended.
func goNames(f *ir.Func, taken func(string) bool) (params, results []string) {
	used := map[string]bool{"err": true}
	name := func(path, prefix string, k int) string {
		n := goIdent(path)
		switch {
		case n == "":
			n = prefix + strconv.Itoa(k)
		case n[0] >= '0' && n[0] <= '9':
			n = prefix + n
		}
		for used[n] || gotoken.IsKeyword(n) || types.Universe.Lookup(n) != nil || taken(n) {
			n += "_"
		}
		used[n] = true
		return n
	}
	for i := range f.Params {
		params = append(params, name(pathAt(f.ParamNames, i), "a", i))
	}
	for i := range f.Ret {
		results = append(results, name(pathAt(f.RetNames, i), "r", i))
	}
	return params, results
}

func pathAt(paths []string, i int) string {
	if i < len(paths) {
		return paths[i]
	}
	return ""
}

// goIdent turns a source path into Go identifier characters: every
// character other than an ASCII letter, digit or _ becomes _.
func goIdent(path string) string {
	var b strings.Builder
	for _, c := range path {
		if c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_' {
			b.WriteRune(c)
		} else {
			b.WriteByte('_')
		}
	}
	return b.String()
}

// entrySignature renders the source-level signature of entry point f for
// its documentation, such as "entry dot [n] (xs: [n]f64) (ys: [n]f64) :
// f64": the named sizes, every parameter with its source name (tuples
// and records put together again from their components), and the result.
//
// The lowering records the signature (ir.Func.Signature) of entry points
// it lowers from source; programs written in IR have their signature put
// together from the IR parameters and their names.
func entrySignature(f *ir.Func) string {
	if f.Signature != "" {
		return f.Signature
	}
	var b strings.Builder
	b.WriteString("entry " + f.Name)
	seen := map[string]bool{}
	for _, p := range f.Params {
		for _, d := range p.Type.Shape {
			if d.IsConst || d.IsNone() {
				continue
			}
			if n, ok := f.SizeNames[d.Var]; ok && !seen[n] {
				seen[n] = true
				b.WriteString(" [" + n + "]")
			}
		}
	}
	for i := 0; i < len(f.Params); {
		path := pathAt(f.ParamNames, i)
		root, _, component := strings.Cut(path, ".")
		if !component {
			if path == "" {
				path = "_"
			}
			b.WriteString(" (" + path + ": " + f.SourceType(f.Params[i].Type) + ")")
			i++
			continue
		}
		t := &typeTree{}
		for ; i < len(f.Params); i++ {
			r, rest, ok := strings.Cut(pathAt(f.ParamNames, i), ".")
			if !ok || r != root {
				break
			}
			t.add(rest, f.SourceType(f.Params[i].Type))
		}
		b.WriteString(" (" + root + ": " + t.String() + ")")
	}
	b.WriteString(" : ")
	if len(f.Ret) == 1 && pathAt(f.RetNames, 0) == "" {
		b.WriteString(f.SourceType(f.Ret[0]))
		return b.String()
	}
	t := &typeTree{}
	for i, r := range f.Ret {
		path := pathAt(f.RetNames, i)
		if path == "" {
			// A sum's parts, or names the IR does not have: show the
			// results as a tuple.
			t = &typeTree{}
			for k, r := range f.Ret {
				t.add(strconv.Itoa(k), f.SourceType(r))
			}
			break
		}
		t.add(path, f.SourceType(r))
	}
	b.WriteString(t.String())
	return b.String()
}

// typeTree rebuilds a tuple or record type from the types of its
// components, given by paths such as "0", "1.a".
type typeTree struct {
	leaf   string
	keys   []string
	fields []*typeTree
}

func (t *typeTree) add(path, typ string) {
	if path == "" {
		t.leaf = typ
		return
	}
	key, rest, _ := strings.Cut(path, ".")
	for i, k := range t.keys {
		if k == key {
			t.fields[i].add(rest, typ)
			return
		}
	}
	sub := &typeTree{}
	sub.add(rest, typ)
	t.keys = append(t.keys, key)
	t.fields = append(t.fields, sub)
}

func (t *typeTree) String() string {
	if t.fields == nil {
		return t.leaf
	}
	tuple := true
	for i, k := range t.keys {
		tuple = tuple && k == strconv.Itoa(i)
	}
	parts := make([]string, len(t.fields))
	for i, f := range t.fields {
		parts[i] = f.String()
		if !tuple {
			parts[i] = t.keys[i] + ": " + parts[i]
		}
	}
	if tuple {
		return "(" + strings.Join(parts, ", ") + ")"
	}
	return "{" + strings.Join(parts, ", ") + "}"
}

// wrap splits text into lines of at most width bytes at spaces (a longer
// word gets a line of its own).
func wrap(text string, width int) []string {
	var lines []string
	line := ""
	for _, w := range strings.Fields(text) {
		if line != "" && len(line)+1+len(w) > width {
			lines = append(lines, line)
			line = ""
		}
		if line != "" {
			line += " "
		}
		line += w
	}
	if line != "" {
		lines = append(lines, line)
	}
	return lines
}
