package testspec

import (
	"strings"
	"unicode/utf8"
)

// blockLine is one comment line of a block with its marker stripped.
type blockLine struct {
	text string
	num  int // 1-based line number in the file
	col  int // 1-based file column of text[0]
}

// block is a comment group containing an "==" line.
type block struct {
	description string
	eq          Pos         // position of the "==" line's marker
	body        []blockLine // the lines after "=="
}

// findBlocks returns the test blocks of src in order: maximal groups of
// consecutive lines starting with "--" at column 0 that contain an "==" line.
// A further "==" line in the same group starts another block, as if the
// group had been split just before it.
func findBlocks(file string, src []byte) []block {
	var blocks []block
	var group []blockLine
	flush := func() {
		var eqs []int
		for i, l := range group {
			if strings.TrimSpace(l.text) == "==" {
				eqs = append(eqs, i)
			}
		}
		for k, i := range eqs {
			end := len(group)
			if k+1 < len(eqs) {
				end = eqs[k+1]
			}
			b := block{eq: Pos{file, group[i].num, 1}, body: group[i+1 : end]}
			if k == 0 {
				var descr []string
				for _, d := range group[:i] {
					descr = append(descr, d.text)
				}
				b.description = strings.TrimSpace(strings.Join(descr, "\n"))
			}
			blocks = append(blocks, b)
		}
		group = nil
	}
	text := string(src)
	for num := 1; len(text) > 0; num++ {
		l := text
		if i := strings.IndexByte(text, '\n'); i >= 0 {
			l, text = text[:i], text[i+1:]
		} else {
			text = ""
		}
		l = strings.TrimSuffix(l, "\r")
		if !strings.HasPrefix(l, "--") {
			flush()
			continue
		}
		content, col := l[2:], 3
		if strings.HasPrefix(content, " ") {
			content, col = content[1:], 4
		}
		if !utf8.ValidString(content) {
			content = strings.ToValidUTF8(content, "\uFFFD")
		}
		group = append(group, blockLine{content, num, col})
	}
	flush()
	return blocks
}
