package syntax

// TokenRange is the byte range [Start, End) of a token in its source text.
type TokenRange struct{ Start, End int }

// TokenRanges lexes src and returns where its tokens are, in order;
// whitespace and comments lie between them. Tools that rewrite layout
// (the formatter) use it. The error lists the lexical errors, if any.
func TokenRanges(file string, src []byte) ([]TokenRange, error) {
	toks, errs := lex(file, src, 0)
	if len(errs) > 0 {
		return nil, errs
	}
	spans := make([]TokenRange, 0, len(toks))
	for _, t := range toks {
		if t.kind != tEOF {
			spans = append(spans, TokenRange{t.start, t.end})
		}
	}
	return spans, nil
}
