package gobuild

import (
	"strconv"
	"strings"

	"github.com/fluxion-lang/fluxion/internal/ir"
)

// Source file names are not part of a program's content: a renamed copy of
// a file is the same program. Before generating code, every file name in
// the positions of the IR is replaced by a placeholder (the k-th distinct
// name by filePlaceholder(k)), so the generated sources, and with them the
// cache key, do not depend on where the program lives. A Process puts the
// real names back into the messages the executable sends.

// filePlaceholder is the stand-in for the k-th file name: NUL bytes cannot
// occur in a file name or in the text of a program.
func filePlaceholder(k int) string { return "\x00file" + strconv.Itoa(k) + "\x00" }

// anonymize returns a copy of prog whose positions name files by
// placeholder, and the real names in placeholder order.
func anonymize(prog *ir.Program) (*ir.Program, []string) {
	index := map[string]int{}
	var files []string
	rename := func(p *ir.Pos) {
		if p.File == "" {
			return
		}
		k, ok := index[p.File]
		if !ok {
			k = len(files)
			index[p.File] = k
			files = append(files, p.File)
		}
		p.File = filePlaceholder(k)
	}
	var body func(b *ir.Body)
	body = func(b *ir.Body) {
		if b == nil {
			return
		}
		for _, s := range b.Stms {
			rename(&s.Pos)
			for _, nested := range ir.Bodies(s.Exp) {
				body(nested)
			}
		}
	}
	out := &ir.Program{Funcs: make([]*ir.Func, len(prog.Funcs))}
	for i, f := range prog.Funcs {
		c := *f
		c.Body = ir.CopyBody(f.Body)
		rename(&c.Pos)
		body(c.Body)
		out.Funcs[i] = &c
	}
	return out, files
}

// restoreFiles replaces the placeholders in msg by the file names.
func restoreFiles(msg string, files []string) string {
	if !strings.Contains(msg, "\x00") {
		return msg
	}
	pairs := make([]string, 0, 2*len(files))
	for k, f := range files {
		pairs = append(pairs, filePlaceholder(k), f)
	}
	return strings.NewReplacer(pairs...).Replace(msg)
}
